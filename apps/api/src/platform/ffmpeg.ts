import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

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

export type MediaInfo = { duration: number; width?: number; height?: number; hasVideo: boolean; hasAudio: boolean };

/** What ffprobe reads from the file itself; fails when it is not audio or video at all. */
export async function probe(file: string): Promise<MediaInfo> {
  const { stdout } = await run(tools().ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
    maxBuffer: 10 * 1024 * 1024,
  });
  const info = JSON.parse(stdout) as {
    format?: { duration?: string };
    streams?: Array<{ codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }>;
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
    hasVideo: !!video,
    hasAudio: !!audio,
  };
}

/**
 * Re-encodes a video as H.264/AAC MP4 that every browser plays, with the index at the front
 * (faststart) so playback starts before the download ends; at most `maxHeight` lines tall.
 */
export async function transcodeToMp4(input: string, output: string, maxHeight = 1080): Promise<void> {
  await run(
    tools().ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
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
      output,
    ],
    { maxBuffer: 10 * 1024 * 1024 },
  );
}

/** Re-encodes audio as 192 kb/s MP3, which every browser plays. */
export async function transcodeToMp3(input: string, output: string): Promise<void> {
  await run(
    tools().ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-vn', '-c:a', 'libmp3lame', '-b:a', '192k', output],
    {
      maxBuffer: 10 * 1024 * 1024,
    },
  );
}

/** One frame as a JPEG, taken `atSeconds` in (or the first frame of a shorter video). */
export async function grabFrame(input: string, output: string, atSeconds: number): Promise<void> {
  await run(tools().ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-ss',
    String(atSeconds),
    '-i',
    input,
    '-frames:v',
    '1',
    '-q:v',
    '3',
    output,
  ]);
}

/** Runs ffmpeg with these arguments (tests generate sample media with it). */
export async function runFfmpeg(args: string[]): Promise<void> {
  await run(tools().ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { maxBuffer: 10 * 1024 * 1024 });
}
