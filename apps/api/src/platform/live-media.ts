import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { ErrorCode } from '@limelight/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { EventBus } from './bus';
import { AppError, conflict } from './errors';
import { ffmpegPath } from './ffmpeg';
import { type LiveFolder, openLiveFolder } from './live-folder';
import { createLiveLeases, RENEW_EVERY_MS } from './live-lease';
import { createLiveStore, LIVE_FILE, type LiveStore, PLAYLIST, readStoredLiveFile, sequenceOf } from './live-store';
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

/** Broadcasts that ended: no process serves their files any more, whoever packaged them. */
const ENDED_CHANNEL = 'live:ended';
/** How long an ended session is remembered: longer than any live link to it can be used. */
const ENDED_KEPT_MS = 15 * 60_000;

type Packager = {
  child: ChildProcessByStdio<Writable, null, Readable>;
  transcoding: boolean;
  /** Ends ffmpeg's input: it flushes its last segment and exits (or is killed after FLUSH_MS). */
  end(): void;
  /** Kills ffmpeg; with `discard`, nothing more it wrote reaches the store (the session ended). */
  kill(discard: boolean): void;
  /** Settles once ffmpeg exited, its folder is gone and its lease released. */
  done: Promise<void>;
};
type LiveState = {
  store: LiveStore;
  packager?: Packager;
  runs: number;
  /** The next media segment's number: a broadcaster who comes back continues the sequence. */
  nextSegment: number;
};

/** ffmpeg's arguments: stdin in `input`'s container, fMP4 HLS cut at every keyframe from half a second on (the browser's recorder sends one every 0.5 s; OBS at least every 1 s), written to the run's private folder (research §4; bench/live.ts measures the delay). */
function packagerArgs(input: LiveInput, folder: LiveFolder, run: number, startNumber: number) {
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
    ...['-f', 'hls', '-hls_time', '0.5', '-hls_list_size', '10'],
    ...['-hls_flags', 'independent_segments+delete_segments+program_date_time', '-hls_segment_type', 'fmp4'],
    ...['-start_number', String(startNumber), '-hls_fmp4_init_filename', `init-${run}.mp4`],
    ...['-hls_segment_filename', folder.segmentPattern, folder.playlistPath],
  ];
}

/** Where a viewer's denial goes to every process (any of them may serve the viewer's live links). */
const DENIED_CHANNEL = 'live:denied';
type Denial = { sessionId: string; viewerId: string };

/**
 * Live packaging in this process (decisions 024, 064): one ffmpeg child per broadcasting session
 * turns what the creator sends (RTMP's FLV, a browser recorder's Matroska) into low-latency HLS in
 * a private folder; each playlist and the files it names are kept in memory and written through to
 * the storage, where every process serves them. One packager per session across processes: its
 * lease is in the database.
 */
export function createLiveMedia(options: { db: Database; storage: Storage; bus: EventBus; log: FastifyBaseLogger; maxTranscodes: number }) {
  const leases = createLiveLeases(options.db);
  const sessions = new Map<string, LiveState>();
  const denied = new Map<string, Set<string>>();
  const addDenial = ({ sessionId, viewerId }: Denial) => {
    if (!denied.has(sessionId)) denied.set(sessionId, new Set());
    denied.get(sessionId)!.add(viewerId);
  };
  const listen = (channel: string, handle: (message: unknown) => void) =>
    options.bus
      .subscribe(channel, handle)
      .catch((error: unknown) => options.log.error({ err: error, channel }, 'live announcements from other processes cannot be heard'));
  listen(DENIED_CHANNEL, (message) => addDenial(message as Denial));
  // Sessions ended here or on another process, with when: nothing of them is served any more.
  const ended = new Map<string, number>();
  const endHere = async (sessionId: string) => {
    const now = Date.now();
    for (const [id, at] of ended) if (now - at > ENDED_KEPT_MS) ended.delete(id);
    ended.set(sessionId, now);
    denied.delete(sessionId);
    const state = sessions.get(sessionId);
    if (!state) return;
    sessions.delete(sessionId);
    state.packager?.kill(true);
    await state.store.clear();
  };
  listen(ENDED_CHANNEL, (message) => {
    const { sessionId } = message as { sessionId: string };
    endHere(sessionId).catch((error: unknown) => options.log.warn({ err: error, sessionId }, 'live files not removed'));
  });
  const stateOf = (sessionId: string) => {
    let state = sessions.get(sessionId);
    if (!state) {
      state = { store: createLiveStore(options.storage, sessionId, options.log), runs: 0, nextSegment: 0 };
      sessions.set(sessionId, state);
    }
    return state;
  };
  const transcodes = () => [...sessions.values()].filter((state) => state.packager?.transcoding).length;
  const alreadyBroadcast = () => conflict('This live session is already being broadcast: stop the other broadcast first');
  const assertRoom = (transcoding: boolean) => {
    if (transcoding && transcodes() >= options.maxTranscodes) {
      throw busy('The server is re-encoding as many broadcasts as it can: send H.264 video (OBS: x264) to be copied instead');
    }
  };

  /**
   * A file ffmpeg finished: kept and written through. The run's first playable playlist is
   * announced once it is in the storage, where a viewer's join on any process finds it.
   */
  function received(sessionId: string, state: LiveState, listener: LiveListener, run: { announced: boolean }, file: string, body: Buffer) {
    const stored = state.store.put(file, body);
    const sequence = sequenceOf(file);
    if (sequence >= 0) state.nextSegment = Math.max(state.nextSegment, sequence + 1);
    if (!stored || !state.store.playable) return;
    void stored.then(() => {
      if (ended.has(sessionId)) return;
      // Each run announces its first playlist: players still waiting, or holding the last run's, load it.
      if (!run.announced) listener.ready();
      run.announced = true;
      listener.progress();
    });
  }

  async function start(sessionId: string, input: LiveInput, listener: LiveListener): Promise<LiveFeed> {
    if (sessions.get(sessionId)?.packager) throw alreadyBroadcast();
    const transcoding = input.videoCodec !== 'h264';
    assertRoom(transcoding);
    const lease = await leases.take(sessionId);
    if (!lease) throw alreadyBroadcast();
    const letGo = async (error: unknown): Promise<never> => {
      await lease.release();
      throw error;
    };
    // Checked again: another broadcast may have started here, or the session ended, meanwhile.
    try {
      assertRoom(transcoding);
      if (ended.has(sessionId)) throw conflict('This live session has ended');
    } catch (error) {
      await letGo(error);
    }
    const state = stateOf(sessionId);
    const run = { announced: false };
    const folder = await openLiveFolder({
      put: (file, body) => received(sessionId, state, listener, run, file, body),
      remove: (file) => state.store.remove(file),
    }).catch(letGo);
    state.runs += 1;
    const child = spawn(ffmpegPath(), packagerArgs(input, folder, state.runs, state.nextSegment), { stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    let problem: string | undefined;
    let discard = false;
    let flushTimer: NodeJS.Timeout | undefined;
    const renewal = setInterval(() => {
      lease.renew().then(
        (held) => {
          if (held) return;
          problem = 'This live session is being broadcast from elsewhere now';
          child.kill('SIGKILL');
        },
        // A database hiccup: the lease outlives a few missed renewals.
        (error: unknown) => options.log.warn({ err: error, sessionId }, 'live lease not renewed'),
      );
    }, RENEW_EVERY_MS);
    const end = () => {
      if (!child.stdin.writable) return;
      child.stdin.end();
      flushTimer = setTimeout(() => child.kill('SIGKILL'), FLUSH_MS);
      flushTimer.unref();
    };
    const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const packager: Packager = {
      child,
      transcoding,
      end,
      kill: (discardFiles) => {
        discard ||= discardFiles;
        child.kill('SIGKILL');
      },
      done: exited.then(async () => {
        clearInterval(renewal);
        clearTimeout(flushTimer);
        await folder.close(discard).catch((error: unknown) => options.log.warn({ err: error, sessionId }, 'live folder not removed'));
        await lease.release().catch((error: unknown) => options.log.warn({ err: error, sessionId }, 'live lease not released'));
      }),
    };
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
      if (code !== 0 && !problem && signal !== 'SIGKILL') problem = 'The server could not read the broadcast: check the encoder settings';
      if (problem) options.log.warn({ sessionId, code, signal, ffmpeg: errors.trim() }, 'live packager stopped');
      // The last playlist is taken and the lease let go before anyone hears it stopped.
      void packager.done.then(() => {
        if (state.packager === packager) state.packager = undefined;
        listener.stopped(problem);
      });
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
    /** Whether some process (this one or another) packages the session now. */
    broadcasting: (sessionId: string) => leases.held(sessionId),
    /** A file of the session: from memory when packaged here, else from the storage; undefined when there is none. */
    async read(sessionId: string, file: string): Promise<Buffer | Readable | undefined> {
      if (!LIVE_FILE.test(file) || ended.has(sessionId)) return undefined;
      return sessions.get(sessionId)?.store.fromMemory(file) ?? (await readStoredLiveFile(options.storage, sessionId, file));
    },
    /** Whether viewers can play the session: a playlist with a segment exists, here or in the storage. */
    async isReady(sessionId: string) {
      if (ended.has(sessionId)) return false;
      if (sessions.get(sessionId)?.store.playable) return true;
      const stored = await readStoredLiveFile(options.storage, sessionId, PLAYLIST);
      stored?.destroy();
      return !!stored;
    },
    /** The broadcaster stopped sending: the packager flushes its last segment; the session's files stay for the grace period. */
    stop(sessionId: string) {
      sessions.get(sessionId)?.packager?.end();
    },
    /**
     * The session ended: every process stops serving it at once (over the bus), and the one that
     * packages it kills its packager and removes its files.
     */
    async end(sessionId: string) {
      options.bus
        .publish(ENDED_CHANNEL, { sessionId })
        .catch((error: unknown) => options.log.error({ err: error, sessionId }, 'live end not sent to other processes'));
      await endHere(sessionId);
    },
    /**
     * A viewer the creator just blocked or kicked: their live links stop working here at once and
     * on every other process as the bus brings it (a link signed before the block still verifies).
     */
    deny(sessionId: string, viewerId: string) {
      addDenial({ sessionId, viewerId });
      options.bus
        .publish(DENIED_CHANNEL, { sessionId, viewerId } satisfies Denial)
        .catch((error: unknown) => options.log.error({ err: error, sessionId }, 'live denial not sent to other processes'));
    },
    isDenied: (sessionId: string, viewerId: string) => !!denied.get(sessionId)?.has(viewerId),
    /**
     * Shutting down: every packager is killed and its lease released, so another process may take
     * the broadcast at once (the sessions' files stay for it or a restart).
     */
    async close() {
      const packagers = [...sessions.values()].flatMap(({ packager }) => (packager ? [packager] : []));
      for (const packager of packagers) packager.kill(false);
      await Promise.all(packagers.map((packager) => packager.done));
    },
  };
}
export type LiveMedia = ReturnType<typeof createLiveMedia>;
