import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { traced } from './tracing';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/**
 * The system's ffmpeg when one is on PATH (current, with every codec the distribution builds),
 * else the binaries shipped in npm packages, so a fresh `npm install` can process video too.
 */
function locate(tool: 'ffmpeg' | 'ffprobe'): string {
  if (spawnSync(tool, ['-version'], { stdio: 'ignore' }).status === 0) return tool;
  const installer = tool === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
  return (require(installer) as { path: string }).path;
}

let binaries: { ffmpeg: string; ffprobe: string } | undefined;
const tools = () => (binaries ??= { ffmpeg: locate('ffmpeg'), ffprobe: locate('ffprobe') });
/** The ffmpeg this process runs, for long-lived children (live packaging) that `runFfmpeg` does not fit. */
export const ffmpegPath = () => tools().ffmpeg;

export type MediaInfo = {
  duration: number;
  width?: number;
  height?: number;
  /** Frames a second of the picture, when ffprobe can tell. */
  frameRate?: number;
  hasVideo: boolean;
  hasAudio: boolean;
};

/**
 * How much of the machine one ffmpeg run may take: a wall-clock limit (the run is killed past
 * it) and its encoder threads, so that the media workers together use the cores they were given.
 */
export type FfmpegBudget = { timeoutMs: number; threads: number };

/** An ffmpeg or ffprobe run killed at its time limit: the same file would take as long again. */
export class FfmpegTimeout extends Error {}

const PROBE_TIMEOUT_MS = 20_000;
const MAX_OUTPUT = 10 * 1024 * 1024;

async function runTool(tool: 'ffmpeg' | 'ffprobe', args: string[], timeoutMs: number) {
  try {
    return await traced(tool, { 'process.executable.name': tool }, () =>
      run(tools()[tool], args, { maxBuffer: MAX_OUTPUT, timeout: timeoutMs, killSignal: 'SIGKILL' }),
    );
  } catch (error) {
    if ((error as { killed?: boolean }).killed) {
      throw new FfmpegTimeout(`${tool} ran past its limit of ${Math.round(timeoutMs / 1000)} seconds`);
    }
    throw error;
  }
}

/** "30000/1001" as ffprobe writes frame rates, as a number (undefined for 0/0). */
function rate(fraction: string | undefined): number | undefined {
  const [numerator, denominator] = (fraction ?? '').split('/').map(Number);
  const value = denominator ? numerator! / denominator : numerator;
  return value && Number.isFinite(value) ? value : undefined;
}

/** What ffprobe reads from the file itself; fails when it is not audio or video at all. */
export async function probe(file: string): Promise<MediaInfo> {
  const { stdout } = await runTool(
    'ffprobe',
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    PROBE_TIMEOUT_MS,
  );
  const info = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: Array<{
      codec_type?: string;
      width?: number;
      height?: number;
      duration?: string;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      disposition?: { attached_pic?: number };
    }>;
  };
  // Cover art in an audio file is a "video" stream with attached_pic: not a video.
  const video = info.streams?.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const audio = info.streams?.find((stream) => stream.codec_type === 'audio');
  const duration = Number(info.format?.duration ?? video?.duration ?? audio?.duration ?? Number.NaN);
  if (!video && !audio) throw new Error('The file holds no audio or video');
  return {
    duration: Number.isFinite(duration) ? duration : 0,
    width: video?.width,
    height: video?.height,
    frameRate: video && (rate(video.avg_frame_rate) ?? rate(video.r_frame_rate)),
    hasVideo: !!video,
    hasAudio: !!audio,
  };
}

const ffmpeg = (args: string[], budget: FfmpegBudget) =>
  runTool('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], budget.timeoutMs);

/**
 * Re-encodes a video as H.264/AAC MP4 that every browser plays, with the index at the front
 * (faststart) so playback starts before the download ends; at most `maxHeight` lines tall.
 */
export async function transcodeToMp4(input: string, output: string, budget: FfmpegBudget, maxHeight = 1080): Promise<void> {
  await ffmpeg(
    [
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-vf',
      `scale=-2:'min(${maxHeight},ih)'`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-movflags',
      '+faststart',
      '-threads',
      String(budget.threads),
      output,
    ],
    budget,
  );
}

/** Re-encodes audio as 192 kb/s MP3, which every browser plays. */
export async function transcodeToMp3(input: string, output: string, budget: FfmpegBudget): Promise<void> {
  await ffmpeg(['-i', input, '-vn', '-c:a', 'libmp3lame', '-b:a', '192k', '-threads', String(budget.threads), output], budget);
}

/** One frame as a JPEG, taken `atSeconds` in (or the first frame of a shorter video). */
export async function grabFrame(input: string, output: string, atSeconds: number, budget: FfmpegBudget): Promise<void> {
  await ffmpeg(['-ss', String(atSeconds), '-i', input, '-frames:v', '1', '-q:v', '3', output], budget);
}

/** Runs ffmpeg with these arguments (tests generate sample media with it). */
export async function runFfmpeg(args: string[]): Promise<void> {
  await ffmpeg(args, { timeoutMs: 5 * 60_000, threads: 0 });
}
