import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { files } from '../../db/schema';
import type { Deps } from '../../deps';
import { grabFrame, probe, transcodeToMp4 } from '../../platform/ffmpeg';
import { PUBLIC_PREFIX } from '../../platform/storage';
import { findFile } from './files';

export const PROCESS_VIDEO_JOB = 'process-video';

/** A file that cannot become a video however often it is tried: no retry, status error. */
class UnplayableVideo extends Error {}

/**
 * Turns an uploaded video (kept privately as uploaded) into a public H.264 MP4 with a WebP
 * poster, records its size and duration, and removes the upload. Failures that another try
 * cannot fix mark the file as error at once; others retry, then mark it.
 */
export function registerVideoProcessing(deps: Deps) {
  deps.jobs.register(PROCESS_VIDEO_JOB, async (payload, job) => {
    const fileId = String(payload.fileId);
    const file = await findFile(deps.db, fileId);
    if (file?.status !== 'processing') return;
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-video-'));
    try {
      const input = path.join(work, 'input');
      await deps.storage.getFile(file.storageKey, input);
      const info = await probe(input).catch(() => {
        throw new UnplayableVideo('This file is not a video we can play');
      });
      if (!info.hasVideo) throw new UnplayableVideo('This file has no picture: upload a video');
      const output = path.join(work, 'output.mp4');
      await transcodeToMp4(input, output);
      const frame = path.join(work, 'poster.jpg');
      await grabFrame(output, frame, Math.min(1, info.duration / 2));
      const poster = await sharp(frame)
        .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
      const result = await probe(output);

      const videoKey = `${PUBLIC_PREFIX}videos/${randomUUID()}.mp4`;
      const posterKey = `${PUBLIC_PREFIX}thumbnails/${randomUUID()}.webp`;
      await deps.storage.putFile(videoKey, output);
      await deps.storage.put(posterKey, poster);
      const [updated] = await deps.db
        .update(files)
        .set({
          status: 'finished',
          storageKey: videoKey,
          mimeType: 'video/mp4',
          size: (await fs.stat(output)).size,
          width: result.width,
          height: result.height,
          duration: Math.round(result.duration * 100) / 100,
          thumbnailKey: posterKey,
          error: null,
        })
        .where(eq(files.id, file.id))
        .returning({ id: files.id });
      // Replaced or deleted while it was processing: keep nothing of it.
      const leftovers = updated ? [file.storageKey] : [file.storageKey, videoKey, posterKey];
      await Promise.all(leftovers.map((key) => deps.storage.remove(key)));
    } catch (error) {
      const final = error instanceof UnplayableVideo || job.attempts >= job.maxAttempts;
      if (final) {
        const message = error instanceof UnplayableVideo ? error.message : 'The video could not be processed';
        await deps.db.update(files).set({ status: 'error', error: message }).where(eq(files.id, file.id));
        await deps.storage.remove(file.storageKey);
      }
      if (!(error instanceof UnplayableVideo)) throw error;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
}
