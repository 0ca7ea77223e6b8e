import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The country list is JSON well above the 1 KB threshold; the public settings are below it. */
const large = '/api/countries/list';
const small = '/api/settings/public';

describe('compression of API answers', () => {
  it('sends JSON of 1 KB and more as brotli when the client takes it, with vary: accept-encoding', async () => {
    const plain = await app.inject(large);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const response = await app.inject({ url: large, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends it gzipped to a client that takes only gzip', async () => {
    const plain = await app.inject(large);
    const response = await app.inject({ url: large, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves JSON under 1 KB and clients that accept no encoding alone', async () => {
    const below = await app.inject({ url: small, headers: { 'accept-encoding': 'br, gzip' } });
    expect(below.statusCode).toBe(200);
    expect(below.rawPayload.length).toBeLessThan(1024);
    expect(below.headers['content-encoding']).toBeUndefined();
    expect(below.json()).toMatchObject({ siteName: expect.any(String) });
    const identity = await app.inject(large);
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('answers the public settings 304 to a client that has them (ETag)', async () => {
    const first = await app.inject(small);
    expect(first.headers.etag).toBeTruthy();
    const again = await app.inject({ url: small, headers: { 'if-none-match': first.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});
