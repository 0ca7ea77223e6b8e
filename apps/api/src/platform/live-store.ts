import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_PREFIX, type Storage } from './storage';

export const PLAYLIST = 'index.m3u8';
/** The files ffmpeg's HLS muxer writes for a live session: its playlist, each run's init segment, the media segments. */
export const LIVE_FILE = /^(index\.m3u8|init-\d{1,6}\.mp4|seg-\d{5,9}\.m4s)$/;
/** Media segments kept in memory: the playlist names 10, and a viewer a little behind still finds theirs here. */
const SEGMENTS_IN_MEMORY = 14;

export const liveKey = (sessionId: string, file: string) => `${LIVE_PREFIX}${sessionId}/${file}`;

/** A media segment's number (-1 for any other file). */
export const sequenceOf = (file: string) => Number(file.match(/^seg-(\d+)\.m4s$/)?.[1] ?? -1);

/**
 * ffmpeg 4.1 writes `#EXT-X-TARGETDURATION:0` for segments shorter than a second, which RFC 8216
 * forbids and Chromium's native player refuses; the target is at least 1.
 */
export const fixTargetDuration = (playlist: string) => playlist.replace(/^#EXT-X-TARGETDURATION:0$/m, '#EXT-X-TARGETDURATION:1');

/**
 * One live session's HLS files: the newest in memory (the playlist, the current init segment and
 * the last few media segments), every one also written to the storage in the order ffmpeg sent
 * them, so that another process serving a viewer never finds a playlist naming a segment it
 * cannot read yet.
 */
export function createLiveStore(storage: Storage, sessionId: string, log: FastifyBaseLogger) {
  const memory = new Map<string, Buffer>();
  let playlist: string | undefined;
  /** A playlist that arrived before a segment it names: ffmpeg uploads them on separate connections. */
  let waiting: string | undefined;
  const stored = new Set<string>();
  let writes: Promise<void> = Promise.resolve();
  const inOrder = (work: () => Promise<void>) => {
    writes = writes.then(work).catch((error: unknown) => log.warn({ err: error, sessionId }, 'live file not written to storage'));
    return writes;
  };
  const write = (file: string, data: Buffer) =>
    inOrder(async () => {
      await storage.put(liveKey(sessionId, file), data);
      stored.add(file);
    });
  const trim = () => {
    const segments = [...memory.keys()].filter((file) => file.startsWith('seg-')).sort((a, b) => sequenceOf(a) - sequenceOf(b));
    for (const file of segments.slice(0, -SEGMENTS_IN_MEMORY)) memory.delete(file);
  };
  /**
   * The waiting playlist becomes the one served once every file it names is here (and, in order,
   * in the storage); the answer settles once it is in the storage too.
   */
  const publishWhenComplete = () => {
    if (!waiting) return undefined;
    const named = waiting.split('\n').filter((line) => line && !line.startsWith('#'));
    if (named.some((file) => !memory.has(file))) return undefined;
    playlist = waiting;
    waiting = undefined;
    return write(PLAYLIST, Buffer.from(playlist));
  };

  return {
    /** Whether a playlist naming at least one segment is served. */
    get playable() {
      return !!playlist?.includes('#EXTINF');
    },
    /**
     * Keeps a file ffmpeg uploaded. A playlist replaces the last one whole (never half-written),
     * and only once the segments it names have arrived, so no viewer is sent to a segment that is
     * not there yet. When this put made a new playlist served: a promise that settles once every
     * process can read it from the storage.
     */
    put(file: string, body: Buffer) {
      if (file === PLAYLIST) {
        waiting = fixTargetDuration(body.toString('utf8'));
        return publishWhenComplete();
      }
      // A new run of the packager (the broadcaster came back) starts with a new init segment.
      if (file.startsWith('init-')) for (const old of memory.keys()) if (old.startsWith('init-')) memory.delete(old);
      memory.set(file, body);
      trim();
      void write(file, body);
      return publishWhenComplete();
    },
    remove(file: string) {
      memory.delete(file);
      void inOrder(async () => {
        await storage.remove(liveKey(sessionId, file));
        stored.delete(file);
      });
    },
    /** A file from memory, or undefined when it is not held here. */
    fromMemory(file: string): Buffer | undefined {
      return file === PLAYLIST ? (playlist === undefined ? undefined : Buffer.from(playlist)) : memory.get(file);
    },
    /** Removes every file of the session from memory and storage (the session ended). */
    async clear() {
      memory.clear();
      playlist = undefined;
      waiting = undefined;
      await inOrder(async () => {
        for (const file of stored) await storage.remove(liveKey(sessionId, file));
        stored.clear();
      });
    },
  };
}
export type LiveStore = ReturnType<typeof createLiveStore>;

/** A live file from the storage (written there by the process that packages the session), or undefined. */
export async function readStoredLiveFile(storage: Storage, sessionId: string, file: string): Promise<Readable | undefined> {
  return storage.read(liveKey(sessionId, file)).catch(() => undefined);
}
