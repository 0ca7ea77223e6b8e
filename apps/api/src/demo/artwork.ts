import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../platform/ffmpeg';
import { sharp } from '../platform/images';

/**
 * The demo's pictures, clips and sounds, drawn on this machine at first start (nothing is
 * downloaded): abstract SVG art rendered by sharp, and ffmpeg's own test sources. No text is
 * drawn, since a headless machine may have no fonts. Everything is small, so a first start
 * stays fast; the upload pipeline makes the same thumbnails, previews and transcodes from it
 * as from a real upload.
 */

/** The same numbers for the same seed, so a demo looks alike on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Palette = readonly [string, string, string];

/** A gradient sky with soft circles and a wave: looks like a photo thumbnail from afar. */
function artSvg(palette: Palette, seed: number, width: number, height: number) {
  const next = random(seed);
  const pick = () => palette[Math.floor(next() * palette.length)]!;
  const circles = Array.from({ length: 3 + Math.floor(next() * 4) }, () => {
    const r = Math.round((0.08 + next() * 0.25) * Math.min(width, height));
    return `<circle cx="${Math.round(next() * width)}" cy="${Math.round(next() * height * 0.7)}" r="${r}" fill="${pick()}" fill-opacity="${(0.25 + next() * 0.5).toFixed(2)}"/>`;
  }).join('');
  const base = Math.round(height * (0.55 + next() * 0.25));
  const amplitude = Math.round(height * (0.04 + next() * 0.08));
  const wave = `M0 ${base} C ${width * 0.3} ${base - amplitude * 2}, ${width * 0.6} ${base + amplitude * 2}, ${width} ${base - amplitude} L ${width} ${height} L 0 ${height} Z`;
  const angle = Math.round(next() * 360);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" gradientTransform="rotate(${angle} 0.5 0.5)">
    <stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>${circles}
  <path d="${wave}" fill="${palette[2]}" fill-opacity="0.85"/>
</svg>`;
}

/** A JPEG of abstract art, as a phone would upload it. */
export async function drawPicture(palette: Palette, seed: number, size: { width: number; height: number }) {
  return sharp()(Buffer.from(artSvg(palette, seed, size.width, size.height)))
    .jpeg({ quality: 82 })
    .toBuffer();
}

/**
 * Slowly moving colour fields ("plasma"), each look in its own colours and rhythm: ffmpeg draws
 * them at half size (a quarter of the per-pixel work; smooth fields lose nothing) and scales up.
 */
const plasmaLooks = [
  { r: '150+90*sin(X/19+T*2.1)', g: '80+60*sin(Y/12-T*1.7)', b: '170+80*sin((X+Y)/26+T*1.3)' },
  { r: '90+70*sin((X-Y)/23+T*1.2)', g: '160+80*sin(X/17-T*1.9)', b: '140+90*sin(Y/14+T*2.4)' },
  { r: '200+50*sin(Y/16+T*1.6)', g: '130+80*sin((X+Y)/21-T*1.1)', b: '70+60*sin(X/25+T*2.2)' },
] as const;
const videoSource = (look: number, width: number, height: number, seconds: number) => {
  const { r, g, b } = plasmaLooks[look % plasmaLooks.length]!;
  const half = `${width / 2}x${height / 2}`;
  return `color=c=black:s=${half}:r=24:d=${seconds},format=rgb24,geq=r='${r}':g='${g}':b='${b}',scale=${width}:${height}`;
};

/** A chord, so the demo's audio is a sound rather than a test tone. */
const chord = (root: number, seconds: number) =>
  `aevalsrc=0.15*sin(2*PI*${root}*t)+0.12*sin(2*PI*${(root * 1.26).toFixed(1)}*t)+0.1*sin(2*PI*${(root * 1.5).toFixed(1)}*t):sample_rate=44100:duration=${seconds}`;

/** A short clip (MPEG-4 with AAC: quick to make, and transcoded to H.264 like any upload). */
export async function drawVideo(dir: string, look: number, options: { seconds: number; width: number; height: number; tone: number }) {
  const file = path.join(dir, `clip-${look}-${options.tone}.mp4`);
  const source = videoSource(look, options.width, options.height, options.seconds);
  await runFfmpeg(
    ['-f', 'lavfi', '-i', source, '-f', 'lavfi', '-i', chord(options.tone, options.seconds), '-shortest'].concat([
      '-c:v',
      'mpeg4',
      '-q:v',
      '5',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-y',
      file,
    ]),
  );
  return fs.readFile(file);
}

/** A short piece of sound, as an MP3 upload. */
export async function drawAudio(dir: string, tone: number, seconds: number) {
  const file = path.join(dir, `sound-${tone}.mp3`);
  await runFfmpeg(['-f', 'lavfi', '-i', chord(tone, seconds), '-c:a', 'libmp3lame', '-b:a', '96k', '-y', file]);
  return fs.readFile(file);
}

/** A scratch folder for ffmpeg's output, removed after `work`. */
export async function withScratch<T>(work: (dir: string) => Promise<T>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-demo-'));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
