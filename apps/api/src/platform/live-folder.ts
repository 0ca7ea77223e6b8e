import { type FSWatcher, watch } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LIVE_FILE, PLAYLIST, sequenceOf } from './live-store';

/** How often the folder is read without a change event: well under a segment's length. */
const POLL_MS = 500;

/** What the folder hands on, in the order a viewer needs it: the files a playlist names, then the playlist. */
export type LiveFolderSink = { put(file: string, body: Buffer): void; remove(file: string): void };

/** The files a playlist names, its init segment first. */
function namedFiles(playlist: string) {
  const init = playlist.match(/#EXT-X-MAP:URI="([^"]+)"/)?.[1];
  const segments = playlist.split('\n').filter((line) => line && !line.startsWith('#'));
  return { files: init ? [init, ...segments] : segments, segments };
}

/**
 * Whether a playlist read from disk is one ffmpeg finished writing: this ffmpeg (4.1) rewrites it
 * in place (its `temp_file` flag does not apply to fMP4 output), so a read may find it empty
 * between the truncation and the write.
 */
function isWhole(playlist: string) {
  if (!playlist.startsWith('#EXTM3U') || !playlist.endsWith('\n')) return false;
  const { files, segments } = namedFiles(playlist);
  return segments.length === playlist.split('#EXTINF').length - 1 && files.every((file) => LIVE_FILE.test(file));
}

/**
 * The private folder one packager run writes its HLS files into (decision 064): made by this
 * process (mode 0700, so no other local user reads it), and nothing secret on ffmpeg's command
 * line. Each new playlist is the signal: ffmpeg writes a segment whole before the playlist that
 * names it, so the files it names are complete and are handed on before it; segments it dropped
 * are removed one playlist later, as its `delete_segments` keeps one past the list.
 */
export async function openLiveFolder(sink: LiveFolderSink) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'limelight-live-'));
  const taken = new Set<string>();
  let lastPlaylist = '';
  let closed = false;

  const take = async () => {
    const playlist = await readFile(path.join(dir, PLAYLIST), 'utf8').catch(() => '');
    if (closed || playlist === lastPlaylist || !isWhole(playlist)) return;
    const { files, segments } = namedFiles(playlist);
    for (const file of files.filter((name) => !taken.has(name))) {
      const body = await readFile(path.join(dir, file));
      if (closed) return;
      sink.put(file, body);
      taken.add(file);
    }
    sink.put(PLAYLIST, Buffer.from(playlist));
    lastPlaylist = playlist;
    const gone = [...taken]
      .filter((file) => file.startsWith('seg-') && !segments.includes(file))
      .sort((a, b) => sequenceOf(a) - sequenceOf(b));
    for (const file of gone.slice(0, -1)) {
      sink.remove(file);
      taken.delete(file);
    }
  };

  // One read at a time, in order; a change during a read asks for one more after it.
  let running: Promise<void> | undefined;
  let again = false;
  const sync = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await take().catch(() => undefined);
      } while (again && !closed);
      running = undefined;
    })();
    return running;
  };
  const watcher: FSWatcher = watch(dir, (_event, file) => {
    if (file === PLAYLIST) void sync();
  });
  watcher.on('error', () => undefined);
  // Where the file system sends no change events (some network and container mounts), a look
  // every poll still hands each playlist on; an unchanged playlist costs one small read.
  const poll = setInterval(() => void sync(), POLL_MS);
  poll.unref();

  return {
    /** Where ffmpeg writes: `hlsArgs` name the playlist and segments under it. */
    dir,
    playlistPath: path.join(dir, PLAYLIST),
    segmentPattern: path.join(dir, 'seg-%05d.m4s'),
    /**
     * ffmpeg exited: its last playlist (the final segment, `ENDLIST`) is taken unless `discard`
     * (the session ended: nothing more goes to the store), and the folder is removed.
     */
    async close(discard: boolean) {
      watcher.close();
      clearInterval(poll);
      if (discard) closed = true;
      await running;
      if (!discard) await sync();
      closed = true;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type LiveFolder = Awaited<ReturnType<typeof openLiveFolder>>;
