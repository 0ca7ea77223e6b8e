import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from '../src/platform/ffmpeg';

/** A real video made by ffmpeg: a test pattern with a tone, `seconds` long, in `format`. */
export async function generateVideo(seconds = 3, format: 'mp4' | 'webm' | 'mov' = 'mov'): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-sample-'));
  const file = path.join(dir, `sample.${format}`);
  try {
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=640x360:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-shortest',
      ...(format === 'webm' ? ['-c:v', 'libvpx', '-c:a', 'libvorbis'] : ['-c:v', 'mpeg4', '-c:a', 'aac']),
      file,
    ]);
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
