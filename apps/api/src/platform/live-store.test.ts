import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLiveStore, liveKey, PLAYLIST } from './live-store';
import { createLocalStorage, type Storage } from './storage';

let work: string;
let storage: Storage;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-live-store-'));
  storage = createLocalStorage(work);
});
afterAll(() => fs.rm(work, { recursive: true, force: true }));

const playlistNaming = (...segments: string[]) =>
  ['#EXTM3U', '#EXT-X-TARGETDURATION:0', '#EXT-X-MAP:URI="init-1.mp4"', ...segments.flatMap((file) => ['#EXTINF:0.5,', file]), ''].join(
    '\n',
  );

it('serves a playlist only once the segments it names have arrived, here and in the storage, with a valid target duration', async () => {
  const store = createLiveStore(storage, 'session-1', pino({ level: 'silent' }));
  expect(store.put('init-1.mp4', Buffer.from('init'))).toBeUndefined();
  // ffmpeg uploads the playlist and its newest segment on separate connections: the playlist may win.
  expect(store.put(PLAYLIST, Buffer.from(playlistNaming('seg-00000.m4s')))).toBeUndefined();
  expect(store.playable).toBe(false);
  expect(store.fromMemory(PLAYLIST)).toBeUndefined();
  expect(store.put('seg-00000.m4s', Buffer.from('first'))).toBeInstanceOf(Promise);
  expect(store.playable).toBe(true);
  const served = store.fromMemory(PLAYLIST)!.toString();
  expect(served).toContain('#EXT-X-TARGETDURATION:1');
  expect(served).toContain('seg-00000.m4s');
  // The next playlist waits for its segment too; the last complete one is served meanwhile.
  expect(store.put(PLAYLIST, Buffer.from(playlistNaming('seg-00000.m4s', 'seg-00001.m4s')))).toBeUndefined();
  expect(store.fromMemory(PLAYLIST)!.toString()).not.toContain('seg-00001.m4s');
  const stored = store.put('seg-00001.m4s', Buffer.from('second'));
  expect(store.fromMemory(PLAYLIST)!.toString()).toContain('seg-00001.m4s');
  // Once the put's promise settles, the storage (where other processes read) holds that playlist and every segment it names.
  const text = async (file: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(liveKey('session-1', file))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };
  await stored;
  expect(await text(PLAYLIST)).toContain('seg-00001.m4s');
  expect(await text('seg-00001.m4s')).toBe('second');
  await store.clear();
  await expect(text(PLAYLIST)).rejects.toThrow();
});
