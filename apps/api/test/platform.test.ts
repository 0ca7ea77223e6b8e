import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { listQuerySchema, looseUrl, queryArray } from '@limelight/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openEmbedded } from '../src/db/client';
import { registerErrorHandler } from '../src/platform/errors';
import { createTestApp, type TestApp } from './app';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('HTTP platform', () => {
  it('checks the database in GET /api/health', async () => {
    const response = await app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: app.database.kind });
  });

  it('answers unknown API routes with the error shape', async () => {
    const response = await app.inject('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Route GET /api/does-not-exist not found',
      code: 'NOT_FOUND',
      requestId: response.headers['x-request-id'],
    });
  });

  it('answers malformed JSON with a 400 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR' });
  });

  it('answers an over-long path parameter and a malformed URL in the error shape', async () => {
    const long = await app.inject(`/api/performers/${'x'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json()).toMatchObject({ statusCode: 414, error: 'URI Too Long', code: 'VALIDATION_ERROR' });
    const malformed = await app.inject('/api/performers/%E0%A4%A');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'VALIDATION_ERROR' });
  });

  it('tags every answer with a request id and security headers', async () => {
    const response = await app.inject('/api/health');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    // What governs a rendered page stays off JSON answers (decision 019)...
    expect(response.headers['content-security-policy']).toBeUndefined();
    expect(response.headers['x-frame-options']).toBeUndefined();
    // ...and on the web app's pages, errors and 404s included, and the API docs page.
    for (const url of ['/home', '/missing.js', '/api/docs']) {
      const page = await app.inject(url);
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
    }
    const given = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
  });

  it('publishes OpenAPI generated from the route schemas at /api/docs', async () => {
    const spec = (await app.inject('/api/docs/json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.servers).toEqual([{ url: '/api' }]);
    expect(spec.paths['/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
    expect((await app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });

  it('answers an unexpected error with a plain 500 that leaks nothing', async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandler(bare);
    bare.get('/boom', async () => {
      throw new Error('connection string postgres://secret@db');
    });
    const response = await bare.inject('/boom');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Something went wrong, please try again later',
      code: 'INTERNAL_ERROR',
      requestId: expect.any(String),
    });
    await bare.close();
  });
});

describe('shutdown', () => {
  it('cuts a connection whose request never finishes once the grace period is over', async () => {
    const closing = await createTestApp({ shutdownGraceMs: 200 });
    await closing.listen({ port: 0, host: '127.0.0.1' });
    const client = net.connect((closing.server.address() as net.AddressInfo).port, '127.0.0.1');
    await once(client, 'connect');
    const cut = once(client, 'close');
    // A body announced and never sent: the server waits for it, so the connection is never idle.
    client.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"us');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await closing.close();
    await cut;
  });
});

describe('list and query helpers', () => {
  const schema = listQuerySchema(['updatedAt', 'createdAt']);

  it('defaults to offset 0, sortBy updatedAt, sort desc', () => {
    expect(schema.parse({})).toEqual({ offset: 0, limit: 10, sortBy: 'updatedAt', sort: 'desc' });
  });

  it('caps the limit instead of refusing it', () => {
    expect(schema.parse({ limit: '1000' }).limit).toBe(100);
  });

  it('refuses unknown sort columns and orders', () => {
    expect(schema.safeParse({ sortBy: 'password' }).success).toBe(false);
    expect(schema.safeParse({ sort: 'sideways' }).success).toBe(false);
  });

  it('reads repeated query values as an array and a single one as a one-item array', () => {
    const tags = z.object({ tags: queryArray(z.string()) });
    expect(tags.parse({ tags: ['a', 'b'] }).tags).toEqual(['a', 'b']);
    expect(tags.parse({ tags: 'a' }).tags).toEqual(['a']);
  });

  it('checks URLs loosely for http and https', () => {
    expect(looseUrl.safeParse('https://example.com/a?b=c').success).toBe(true);
    expect(looseUrl.safeParse('http://localhost:3000').success).toBe(true);
    for (const bad of ['ftp://example.com', 'javascript:alert(1)', 'example.com', 'https://exa mple.com']) {
      expect(looseUrl.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('embedded database', () => {
  it('refuses to open a data directory another process holds', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-lock-'));
    try {
      await fs.writeFile(path.join(dataDir, 'db.lock'), String(process.ppid));
      await expect(openEmbedded(dataDir)).rejects.toThrow(/in use by process/);
      // The same with the start time this version records beside the id (Linux).
      const stat = await fs.readFile(`/proc/${process.ppid}/stat`, 'utf8').catch(() => undefined);
      if (stat) {
        const started = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
        const boot = (await fs.readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim();
        await fs.writeFile(path.join(dataDir, 'db.lock'), `${process.ppid} ${started}@${boot}`);
        await expect(openEmbedded(dataDir)).rejects.toThrow(/in use by process/);
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that is gone, and releases it on close', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-lock-'));
    try {
      await fs.writeFile(path.join(dataDir, 'db.lock'), '999999999');
      const database = await openEmbedded(dataDir);
      expect((await fs.readFile(path.join(dataDir, 'db.lock'), 'utf8')).split(' ')[0]).toBe(String(process.pid));
      await database.close();
      await expect(fs.access(path.join(dataDir, 'db.lock'))).rejects.toThrow();
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('starts after a crash in a container, where the lock names this very process id from its earlier life', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-lock-'));
    try {
      // Written by the earlier life: the same id, another start time (or, from an older version, the id alone).
      for (const left of [`${process.pid} 1@another-boot`, String(process.pid)]) {
        await fs.writeFile(path.join(dataDir, 'db.lock'), left);
        const database = await openEmbedded(dataDir);
        // While it is open, this process's own lock still refuses a second opening.
        await expect(openEmbedded(dataDir)).rejects.toThrow(/in use by process/);
        await database.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
