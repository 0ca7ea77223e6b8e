import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { verifiedPerformer } from '../../test/factories';
import { generateVideo } from '../../test/media';
import { startS3Server } from '../../test/s3';
import { createS3Storage } from './s3-storage';
import { createLocalStorage, type Storage } from './storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let work: string;
beforeAll(async () => {
  s3 = await startS3Server();
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-storage-'));
});
afterAll(async () => {
  await s3.close();
  await fs.rm(work, { recursive: true, force: true });
});

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

// Our own writes on local disk (a rename into place). On S3 a PUT replaces an object atomically by
// S3's own guarantee, which s3rver, a test double writing its files in place, does not keep: on
// Node.js 26 a read of an object being replaced there is cut off ("aborted").
describe('local disk storage', () => {
  it('gives a reader the old file or the new one whole while a put replaces it (another process reading a live playlist)', async () => {
    const storage = createLocalStorage(path.join(work, 'disk'));
    const key = `protected/live/${randomUUID()}/index.m3u8`;
    const [before, after] = ['a', 'b'].map((letter) => letter.repeat(2 * 1024 * 1024));
    await storage.put(key, Buffer.from(before!));
    const replaced = storage.put(key, Buffer.from(after!));
    const seen = new Set<string>();
    for (let read = 0; read < 20; read++) seen.add(await text(await storage.read(key)));
    await replaced;
    seen.add(await text(await storage.read(key)));
    expect([...seen].every((body) => body === before || body === after)).toBe(true);
    expect(seen.has(after!)).toBe(true);
    const listed: string[] = [];
    for await (const stored of storage.list()) if (stored.startsWith(key)) listed.push(stored);
    expect(listed).toEqual([key]);
  });
});

describe.each([
  ['local disk', () => createLocalStorage(path.join(work, 'disk'))],
  ['S3 (s3rver)', () => createS3Storage(s3.options)],
] as Array<[string, () => Storage]>)('%s storage', (_name, make) => {
  it('stores, reads whole and by range, sizes, copies to and from files, and removes', async () => {
    const storage = make();
    const key = `public/tests/${randomUUID()}.txt`;
    await storage.put(key, Buffer.from('hello storage'));
    expect(await text(await storage.read(key))).toBe('hello storage');
    expect(await text(await storage.read(key, { start: 6, end: 12 }))).toBe('storage');
    expect(await storage.size(key)).toBe(13);

    const local = path.join(work, `${randomUUID()}.bin`);
    await fs.writeFile(local, Buffer.alloc(3 * 1024 * 1024, 7));
    const bigKey = `private/tests/${randomUUID()}`;
    await storage.putFile(bigKey, local);
    expect(await storage.size(bigKey)).toBe(3 * 1024 * 1024);
    const copy = path.join(work, `${randomUUID()}.bin`);
    await storage.getFile(bigKey, copy);
    expect((await fs.readFile(copy)).equals(await fs.readFile(local))).toBe(true);
    const listed: string[] = [];
    for await (const stored of storage.list()) listed.push(stored);
    expect(listed).toEqual(expect.arrayContaining([key, bigKey]));

    await storage.remove(key);
    await storage.remove(key);
    await expect(storage.size(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.read(key)).rejects.toBeDefined();
  });
});

describe('the app on S3', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ s3: s3.options, jobsConcurrency: 0 });
  });
  afterAll(() => app.close());

  it('uploads, processes and serves media from the bucket', async () => {
    const creator = await verifiedPerformer(app);
    const form = new FormData();
    form.append('welcomeVideo', new Blob([await generateVideo(1)]), 'hi.mov');
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/performers/welcome-video/upload',
      headers: creator.headers,
      payload: form,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await app.deps.jobs.drain();
    const { welcomeVideo } = (await app.inject({ url: '/api/performers/me', headers: creator.headers })).json();
    expect(welcomeVideo.status).toBe('finished');
    const served = await app.inject({ url: welcomeVideo.url, headers: { range: 'bytes=0-99' } });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload.length).toBe(100);
    expect(served.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
  });
});
