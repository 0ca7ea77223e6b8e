import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openLiveFolder } from './live-folder';

// A file system that sends no change events (some network and container mounts): the watcher
// is opened and never fires, so only the folder's own polling can hand the files on.
vi.mock('node:fs', async (original) => {
  const fs = await original<typeof import('node:fs')>();
  return { ...fs, watch: () => ({ on: () => undefined, close: () => undefined }) };
});

const playlist = (...segments: string[]) =>
  `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-MAP:URI="init-0.mp4"\n${segments.map((segment) => `#EXTINF:1.000,\n${segment}\n`).join('')}`;

describe('live packaging folder', () => {
  it('hands each playlist on, after the files it names, without change events from the file system', async () => {
    const handed: string[] = [];
    const folder = await openLiveFolder({ put: (file) => handed.push(file), remove: (file) => handed.push(`-${file}`) });
    try {
      await writeFile(path.join(folder.dir, 'init-0.mp4'), 'init');
      await writeFile(path.join(folder.dir, 'seg-00000.m4s'), 'first');
      await writeFile(folder.playlistPath, playlist('seg-00000.m4s'));
      await vi.waitFor(() => expect(handed).toEqual(['init-0.mp4', 'seg-00000.m4s', 'index.m3u8']), { timeout: 3_000 });

      await writeFile(path.join(folder.dir, 'seg-00001.m4s'), 'second');
      await writeFile(folder.playlistPath, playlist('seg-00000.m4s', 'seg-00001.m4s'));
      await vi.waitFor(() => expect(handed.slice(3)).toEqual(['seg-00001.m4s', 'index.m3u8']), { timeout: 3_000 });
    } finally {
      await folder.close(true);
    }
  });
});
