// Media processing (issue 4): a 12-megapixel photo through the post pipeline (protected
// original, thumbnail, blurred preview), and a 720p video transcoded to H.264 MP4, as a
// multiple of real time. Each beside a bare baseline measured in the same run.
//   npm run bench -- media        BENCH_RUNS=5 BENCH_VIDEO_SECONDS=20
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { probe, runFfmpeg, transcodeToMp4 } from '../apps/api/src/platform/ffmpeg';
import { makeBlurredPreview, makeThumbnail, processImage } from '../apps/api/src/platform/images';
import { median } from './lib';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const videoSeconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 20);
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-bench-media-'));

const time = async (action: () => Promise<unknown>) => {
  const started = performance.now();
  await action();
  return performance.now() - started;
};

try {
  // A camera-like 4000x3000 JPEG: noise compresses like a real photo, not like a flat colour.
  const width = 4000;
  const height = 3000;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  const photo = await sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();

  const pipeline: number[] = [];
  const decodeOnly: number[] = [];
  for (let run = 0; run < runs; run++) {
    pipeline.push(
      await time(() => Promise.all([processImage(photo, { width: 2560, height: 2560 }), makeThumbnail(photo), makeBlurredPreview(photo)])),
    );
    decodeOnly.push(await time(() => sharp(photo).raw().toBuffer()));
  }
  console.log(`photo 12 MP (${(photo.length / 1024 / 1024).toFixed(1)} MB JPEG), median of ${runs}:`);
  console.log(`  post pipeline (original, thumbnail, preview)  ${median(pipeline).toFixed(0)} ms`);
  console.log(
    `  bare JPEG decode                              ${median(decodeOnly).toFixed(0)} ms  (pipeline ${(median(pipeline) / median(decodeOnly)).toFixed(1)}x)`,
  );

  const input = path.join(work, 'input.mov');
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=1280x720:rate=30:duration=${videoSeconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${videoSeconds}`,
    '-shortest',
    '-c:v',
    'mpeg4',
    '-q:v',
    '3',
    '-c:a',
    'aac',
    input,
  ]);
  const output = path.join(work, 'output.mp4');
  // As a media job runs it: the machine's cores, with a limit far past what this clip needs.
  const transcode = await time(() => transcodeToMp4(input, output, { threads: os.availableParallelism(), timeoutMs: 10 * 60_000 }));
  const copy = await time(() => runFfmpeg(['-i', input, '-c', 'copy', '-f', 'null', '-']));
  const { duration } = await probe(output);
  console.log(`video 720p, ${videoSeconds} s:`);
  console.log(`  H.264 MP4 transcode  ${(transcode / 1000).toFixed(1)} s = ${(duration / (transcode / 1000)).toFixed(1)}x real time`);
  console.log(`  bare demux (copy)    ${(copy / 1000).toFixed(2)} s`);
} finally {
  await fs.rm(work, { recursive: true, force: true });
}
