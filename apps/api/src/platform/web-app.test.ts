import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';

// A small build as the web build writes it: index.html and a hashed asset, each with its
// brotli and gzip copies beside it (the copies' bodies differ, so each test sees which was sent).
const html = '<!doctype html><html><body><div id="root"></div></body></html>';
const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;
let app: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-web-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  for (const [file, content] of [
    ['index.html', html],
    ['assets/index-AbC123.js', script],
  ] as const) {
    await fs.writeFile(path.join(distDir, file), content);
    await fs.writeFile(path.join(distDir, `${file}.br`), zlib.brotliCompressSync(content));
    await fs.writeFile(path.join(distDir, `${file}.gz`), zlib.gzipSync(content));
  }
  app = await createTestApp({ webDistDir: distDir });
});
afterAll(async () => {
  await app.close();
  await fs.rm(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

function decoded(response: Awaited<ReturnType<typeof get>>) {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  return (encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString();
}

describe('the web app’s static files', () => {
  it('serves a hashed asset brotli-compressed to a browser that takes br and gzip, immutable for a year', async () => {
    const response = await get('/assets/index-AbC123.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(script.length / 10);
    expect(decoded(response)).toBe(script);
  });

  it('serves gzip to a client that takes only gzip, and the plain file to one that takes neither', async () => {
    const gzip = await get('/assets/index-AbC123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(script);
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);

    for (const identity of [undefined, 'identity']) {
      const plain = await get('/assets/index-AbC123.js', identity);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('serves index.html compressed and never cached without a check, at / and at every page route', async () => {
    for (const url of ['/', '/index.html', '/avastone', '/user/wallet?tab=history']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decoded(response), url).toBe(html);
    }
    const plain = await get('/avastone');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('serves the page to a browser opening an address with a dot in it', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/admin/email-templates/subscription.started',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(html);
    // The same address fetched as a file (a script, an image) is not a page.
    expect((await get('/admin/email-templates/subscription.started')).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/nothing.here', headers: { accept: 'text/html' } });
    expect(api.statusCode).toBe(404);
  });

  it('answers a missing asset and an unknown API path with a JSON 404, not the page', async () => {
    for (const url of ['/assets/missing-123.js', '/api/nothing-here']) {
      const response = await get(url, 'br, gzip');
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code, url).toBe('NOT_FOUND');
    }
  });
});

describe('robots.txt', () => {
  it('keeps search engines out of the signed-in areas, the admin, the sign-in forms and the API, not its public media', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    const lines = response.body.split('\n');
    for (const path of ['/admin', '/user/', '/creator/', '/messages', '/home', '/auth/', '/api/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Allow: /api/media/');
    expect(lines).toContain('Allow: /api/performers/*/preview.jpg');
    expect(lines).toContain('Allow: /api/streaming/live/*/preview.jpg');
    // Link-preview bots honour these rules: a live session's page stays open to them (it says noindex itself).
    expect(lines).not.toContain('Disallow: /live/');
    expect(lines.some((line) => /^Disallow: \/$/.test(line))).toBe(false);
    expect(lines.find((line) => line.startsWith('Sitemap: '))).toMatch(/^Sitemap: https?:\/\/[^/]+\/sitemap\.xml$/);
  });
});
