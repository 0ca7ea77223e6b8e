import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Readable, Writable } from 'node:stream';
import { ErrorCode } from '@limelight/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, conflict } from './errors';
import { ffmpegPath } from './ffmpeg';
import { createLiveStore, LIVE_FILE, type LiveStore, PLAYLIST, readStoredLiveFile } from './live-store';
import type { Storage } from './storage';

/** What a broadcast sends: its container, and whether its video is H.264 (copied) or must be re-encoded. */
export type LiveInput = { container: 'flv' | 'matroska' | 'mp4'; videoCodec: 'h264' | 'other' };
/** Where a broadcast's bytes go, in order. */
export type LiveFeed = { write(chunk: Buffer): void; end(): void };
/**
 * Told when the session's first playlist of this run arrived (`ready`), on every playlist after
 * (`progress`: the media flows), and when the packager stopped (with why, when it failed).
 */
export type LiveListener = { ready(): void; progress(): void; stopped(problem?: string): void };

/**
 * Bytes queued for ffmpeg beyond which a broadcast is ended: the packager cannot keep up (a
 * transcode on a busy machine) and waiting would only grow memory and latency.
 */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** How long a packager whose input ended may take to flush its last segment before it is killed. */
const FLUSH_MS = 10_000;

const busy = (message: string) => new AppError(503, ErrorCode.providerUnavailable, message);

type Packager = {
  child: ChildProcessByStdio<Writable, null, Readable>;
  transcoding: boolean;
  listener: LiveListener;
  /** Whether this run's first playable playlist was announced. */
  announced: boolean;
  /** Ends ffmpeg's input: it flushes its last segment and exits (or is killed after FLUSH_MS). */
  end(): void;
};
type LiveState = {
  /** The secret ffmpeg puts in its upload URLs: only this process's children know it. */
  secret: string;
  store: LiveStore;
  packager?: Packager;
  runs: number;
  /** The next media segment's number: a broadcaster who comes back continues the sequence. */
  nextSegment: number;
};

/** ffmpeg's arguments: stdin in `input`'s container, fMP4 HLS cut at every keyframe from half a second on (the browser's recorder sends one every 0.5 s; OBS at least every 1 s), PUT to `base` (research §4; bench/live.ts measures the delay). */
function packagerArgs(input: LiveInput, base: string, run: number, startNumber: number) {
  const video =
    input.videoCodec === 'h264'
      ? ['-c:v', 'copy']
      : [
          // Browsers' WebM has no frame rate: without vfr ffmpeg assumes 1000 fps and duplicates frames.
          ...['-vsync', 'vfr', '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency'],
          ...['-force_key_frames', 'expr:gte(t,n_forced*0.5)', '-sc_threshold', '0', '-pix_fmt', 'yuv420p'],
          ...['-b:v', '2000k', '-maxrate', '2000k', '-bufsize', '2000k', '-threads', '2'],
        ];
  return [
    ...['-hide_banner', '-loglevel', 'error', '-fflags', '+nobuffer', '-f', input.container, '-i', 'pipe:0'],
    ...['-map', '0:v:0', '-map', '0:a:0?', ...video],
    // Browsers record Opus with timestamps AAC's encoder finds out of range: resampling smooths them.
    ...['-c:a', 'aac', '-b:a', '96k', '-ar', '48000', '-af', 'aresample=async=1'],
    ...['-f', 'hls', '-method', 'PUT', '-http_persistent', '1', '-hls_time', '0.5', '-hls_list_size', '10'],
    ...['-hls_flags', 'independent_segments+delete_segments+program_date_time', '-hls_segment_type', 'fmp4'],
    ...['-start_number', String(startNumber), '-hls_fmp4_init_filename', `init-${run}.mp4`],
    ...['-hls_segment_filename', `${base}/seg-%05d.m4s`, `${base}/${PLAYLIST}`],
  ];
}

/**
 * Live packaging in this process (decision 024): one ffmpeg child per broadcasting session turns
 * what the creator sends (RTMP's FLV, a browser recorder's Matroska) into low-latency HLS, which
 * ffmpeg uploads to this API's loopback-only ingest route (`ingestUrl`); the files are kept in
 * memory and written through to the storage, where other processes find them.
 */
/**
 * The base URL ffmpeg uploads to: this HTTP server over loopback (a wildcard address listens
 * there too), or its own address when it listens on one interface only.
 */
export function ingestBaseOf(address: AddressInfo | string | null) {
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}/internal/live`;
}

export function createLiveMedia(options: {
  storage: Storage;
  log: FastifyBaseLogger;
  maxTranscodes: number;
  /** Where this process's HTTP server listens (ffmpeg uploads there), or null before it does. */
  address: () => AddressInfo | string | null;
}) {
  const sessions = new Map<string, LiveState>();
  const denied = new Map<string, Set<string>>();
  // Sessions ended here whose stored copies are still being removed: nothing of them is served.
  const ending = new Set<string>();
  const stateOf = (sessionId: string) => {
    let state = sessions.get(sessionId);
    if (!state) {
      state = {
        secret: randomBytes(24).toString('base64url'),
        store: createLiveStore(options.storage, sessionId, options.log),
        runs: 0,
        nextSegment: 0,
      };
      sessions.set(sessionId, state);
    }
    return state;
  };
  const transcodes = () => [...sessions.values()].filter((state) => state.packager?.transcoding).length;

  function start(sessionId: string, input: LiveInput, listener: LiveListener): LiveFeed {
    const existing = sessions.get(sessionId);
    if (existing?.packager) throw conflict('This live session is already being broadcast: stop the other broadcast first');
    const transcoding = input.videoCodec !== 'h264';
    if (transcoding && transcodes() >= options.maxTranscodes) {
      throw busy('The server is re-encoding as many broadcasts as it can: send H.264 video (OBS: x264) to be copied instead');
    }
    const state = stateOf(sessionId);
    const origin = ingestBaseOf(options.address());
    if (!origin) throw busy('The server is not taking broadcasts yet: try again in a moment');
    const base = `${origin}/${sessionId}/${state.secret}`;
    state.runs += 1;
    const child = spawn(ffmpegPath(), packagerArgs(input, base, state.runs, state.nextSegment), { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    let problem: string | undefined;
    let flushTimer: NodeJS.Timeout | undefined;
    const end = () => {
      if (!child.stdin.writable) return;
      child.stdin.end();
      flushTimer = setTimeout(() => child.kill('SIGKILL'), FLUSH_MS);
      flushTimer.unref();
    };
    const packager: Packager = { child, transcoding, listener, announced: false, end };
    state.packager = packager;
    child.stderr.on('data', (data: Buffer) => {
      errors = (errors + data.toString()).slice(-2000);
    });
    // Writing after ffmpeg died fails with EPIPE; its exit says what happened.
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      problem = 'The server could not start its video packager';
      options.log.error({ err: error, sessionId }, 'live packager did not start');
    });
    child.on('close', (code, signal) => {
      clearTimeout(flushTimer);
      if (state.packager === packager) state.packager = undefined;
      if (code !== 0 && !problem && signal !== 'SIGKILL') problem = 'The server could not read the broadcast: check the encoder settings';
      if (problem) options.log.warn({ sessionId, code, signal, ffmpeg: errors.trim() }, 'live packager stopped');
      listener.stopped(problem);
    });
    return {
      write(chunk) {
        if (!child.stdin.writable) return;
        child.stdin.write(chunk);
        if (child.stdin.writableLength > MAX_QUEUED_BYTES) {
          problem = 'The server could not keep up with the broadcast: lower the bitrate or send H.264';
          child.kill('SIGKILL');
        }
      },
      end,
    };
  }

  return {
    start,
    /** Whether this process packages the session now. */
    broadcasting: (sessionId: string) => !!sessions.get(sessionId)?.packager,
    /**
     * Takes a file ffmpeg uploaded (`body`) or deleted (undefined). False when the session is not
     * packaged here or the secret is wrong.
     */
    receive(sessionId: string, secret: string, file: string, body: Buffer | undefined): boolean {
      const state = sessions.get(sessionId);
      const given = Buffer.from(secret);
      if (!state || given.length !== state.secret.length || !timingSafeEqual(given, Buffer.from(state.secret))) return false;
      if (!LIVE_FILE.test(file)) return false;
      if (!body) {
        state.store.remove(file);
        return true;
      }
      const published = state.store.put(file, body);
      const sequence = file.match(/^seg-(\d+)\.m4s$/)?.[1];
      if (sequence) state.nextSegment = Math.max(state.nextSegment, Number(sequence) + 1);
      // Each run announces its first playlist: players still waiting, or holding the last run's, load it.
      const { packager } = state;
      if (published && packager && state.store.playable) {
        if (!packager.announced) packager.listener.ready();
        packager.announced = true;
        packager.listener.progress();
      }
      return true;
    },
    /** A file of the session: from memory when packaged here, else from the storage; undefined when there is none. */
    async read(sessionId: string, file: string): Promise<Buffer | Readable | undefined> {
      if (!LIVE_FILE.test(file) || ending.has(sessionId)) return undefined;
      return sessions.get(sessionId)?.store.fromMemory(file) ?? (await readStoredLiveFile(options.storage, sessionId, file));
    },
    /** Whether viewers can play the session: a playlist with a segment exists, here or in the storage. */
    async isReady(sessionId: string) {
      if (ending.has(sessionId)) return false;
      if (sessions.get(sessionId)?.store.playable) return true;
      const stored = await readStoredLiveFile(options.storage, sessionId, PLAYLIST);
      stored?.destroy();
      return !!stored;
    },
    /** The broadcaster stopped sending: the packager flushes its last segment; the session's files stay for the grace period. */
    stop(sessionId: string) {
      sessions.get(sessionId)?.packager?.end();
    },
    /** The session ended: its packager is killed and its files removed. */
    async end(sessionId: string) {
      const state = sessions.get(sessionId);
      denied.delete(sessionId);
      if (!state) return;
      sessions.delete(sessionId);
      ending.add(sessionId);
      state.packager?.child.kill('SIGKILL');
      try {
        await state.store.clear();
      } finally {
        ending.delete(sessionId);
      }
    },
    /** A viewer the creator just blocked or kicked: their live links stop working on this process at once. */
    deny(sessionId: string, viewerId: string) {
      if (!denied.has(sessionId)) denied.set(sessionId, new Set());
      denied.get(sessionId)!.add(viewerId);
    },
    isDenied: (sessionId: string, viewerId: string) => !!denied.get(sessionId)?.has(viewerId),
    /** Shutting down: every packager is killed (the sessions' files stay for another process or a restart). */
    async close() {
      const exits = [...sessions.values()].flatMap(({ packager }) =>
        packager ? [new Promise((resolve) => packager.child.once('close', resolve))] : [],
      );
      for (const { packager } of sessions.values()) packager?.child.kill('SIGKILL');
      await Promise.all(exits);
    },
  };
}
export type LiveMedia = ReturnType<typeof createLiveMedia>;
