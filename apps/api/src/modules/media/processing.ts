import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { type FfmpegBudget, FfmpegTimeout, grabFrame, probe, transcodeToMp3, transcodeToMp4 } from '../../platform/ffmpeg';
import { makeBlurredPreview, sharp } from '../../platform/images';
import { jobKind } from '../../platform/jobs';
import { PROTECTED_PREFIX, PUBLIC_PREFIX } from '../../platform/storage';
import type { SpooledUpload } from '../../platform/uploads';
import { admit, assertMediaBudget, assertProcessingQuota, limitProblem, type Medium, type Uploader } from './admission';
import { failProcessedFile, findFile, finishProcessedFile, insertFile } from './repo';

const PROCESS_MEDIA_JOB = jobKind(
  'process-media',
  z.object({ fileId: z.string(), media: z.enum(['video', 'audio'] satisfies Medium[]), access: z.enum(['public', 'protected']) }),
  'media',
);

/** An admitted upload, kept privately until it is processed; `seconds` is its length, the job's cost. */
export type KeptUpload = { upload: SpooledUpload; uploadKey: string; seconds: number };

/**
 * Admits a spooled audio or video upload (limits, the account's quota and budget, `admission.ts`) and
 * keeps it privately until it is processed. Refused uploads are never stored.
 */
export async function keepUpload(
  deps: Deps,
  upload: SpooledUpload,
  admission: { owner: Uploader; medium: Medium; field: string },
): Promise<KeptUpload> {
  await assertProcessingQuota(deps.db, admission.owner.id);
  const info = await admit(upload, admission.medium, admission.field);
  await assertMediaBudget(deps.db, admission.owner, { bytes: upload.size, seconds: info.duration });
  const uploadKey = `private/uploads/${randomUUID()}`;
  await deps.storage.putFile(uploadKey, upload.path);
  return { upload, uploadKey, seconds: info.duration };
}

/** Who may load a processed file: anyone, or only through signed links. */
export type MediaAccess = z.output<typeof PROCESS_MEDIA_JOB.payload>['access'];

/**
 * Records a kept upload as a file in processing and queues its job, both in `tx`. The job is
 * told what the upload is and who may see it, so it never guesses from the file type.
 */
export async function queueProcessing(
  deps: Deps,
  tx: Queryable,
  file: { ownerId: string; type: string; media: Medium; access: MediaAccess } & KeptUpload,
) {
  const row = await insertFile(tx, {
    ownerId: file.ownerId,
    type: file.type,
    status: 'processing',
    storageKey: file.uploadKey,
    originalName: file.upload.originalName.slice(0, 255),
    mimeType: file.upload.mimeType,
    size: file.upload.size,
  });
  const payload = { fileId: row.id, media: file.media, access: file.access };
  // Each account's uploads queue behind each other by their length, so one account's backlog
  // does not keep another's waiting (fair sharing in the job queue).
  await deps.jobs.enqueue(tx, PROCESS_MEDIA_JOB, payload, { group: file.ownerId, cost: Math.max(1, Math.round(file.seconds)) });
  return row;
}

const prefixFor = (access: MediaAccess) => (access === 'public' ? PUBLIC_PREFIX : PROTECTED_PREFIX);

/** A file that cannot become playable however often it is tried: no retry, status error. */
class Unplayable extends Error {}

type Output = {
  key: string;
  localPath: string;
  mimeType: string;
  width?: number;
  height?: number;
  duration: number;
  thumbnail?: Buffer;
  preview?: Buffer;
};

/**
 * Makes uploaded audio and video playable everywhere: video as H.264 MP4 with a poster and a
 * blurred preview, audio as MP3. The upload is kept privately until then and removed after.
 * Failures another try cannot fix mark the file as error at once; others retry, then mark it.
 */
export function registerMediaProcessing(deps: Deps, listener: { settled?: (fileId: string) => Promise<void> } = {}) {
  // Whoever shows the file (a message thread) hears when it is ready or has failed for good.
  const settled = (fileId: string) =>
    listener.settled?.(fileId).catch((error: unknown) => deps.log.error({ err: error, fileId }, 'telling of a processed file failed'));
  // Each ffmpeg run gets its share of the cores, and a wall-clock limit that grows with the media's length.
  const threads = Math.max(1, Math.floor(os.availableParallelism() / deps.config.mediaConcurrency));
  // Whole milliseconds: a media length is fractional, and Node refuses a fractional child timeout.
  const budgetFor = (seconds: number): FfmpegBudget => ({ threads, timeoutMs: Math.ceil((5 * 60 + 4 * seconds) * 1000) });
  deps.jobs.register(PROCESS_MEDIA_JOB, async (payload, job) => {
    const file = await findFile(deps.db, payload.fileId);
    const prefix = prefixFor(payload.access);
    if (file?.status !== 'processing') return;
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-media-'));
    const stored: string[] = [];
    const storeImage = async (image: Buffer, prefix: string, folder: string) => {
      const key = `${prefix}${folder}/${randomUUID()}.webp`;
      stored.push(key);
      await deps.storage.put(key, image);
      return key;
    };
    try {
      const input = path.join(work, 'input');
      await deps.storage.getFile(file.storageKey, input);
      const info = await probe(input).catch(() => {
        throw new Unplayable(`This file is not ${payload.media === 'audio' ? 'audio' : 'a video'} we can play`);
      });
      const problem = limitProblem(info, payload.media);
      if (problem) throw new Unplayable(`This file ${problem}`);
      const budget = budgetFor(info.duration);
      const output =
        payload.media === 'audio' ? await processAudio(prefix, input, work, budget) : await processVideo(prefix, input, work, budget);

      await deps.storage.putFile(output.key, output.localPath);
      stored.push(output.key);
      // The poster is a frame of the video, as protected as the video; the blurred preview is public.
      const thumbnailKey = output.thumbnail ? await storeImage(output.thumbnail, prefix, 'thumbnails') : null;
      const previewKey = output.preview ? await storeImage(output.preview, PUBLIC_PREFIX, 'previews') : null;
      const updated = await finishProcessedFile(deps.db, file.id, {
        storageKey: output.key,
        mimeType: output.mimeType,
        size: (await fs.stat(output.localPath)).size,
        width: output.width,
        height: output.height,
        duration: Math.round(output.duration * 100) / 100,
        thumbnailKey,
        previewKey,
      });
      // Replaced or deleted while it was processing: keep nothing of it.
      await Promise.all([file.storageKey, ...(updated ? [] : stored)].map((key) => deps.storage.remove(key)));
      if (updated) await settled(file.id);
    } catch (error) {
      await Promise.all(stored.map((key) => deps.storage.remove(key)));
      // Past its time limit a run would only time out again: as final as an unplayable file.
      const hopeless = error instanceof Unplayable || error instanceof FfmpegTimeout;
      const final = hopeless || job.attempts >= job.maxAttempts;
      if (final) {
        const message =
          error instanceof Unplayable
            ? error.message
            : error instanceof FfmpegTimeout
              ? 'Processing this file took longer than its time limit'
              : 'The file could not be processed';
        await failProcessedFile(deps.db, file.id, message);
        await deps.storage.remove(file.storageKey);
        await settled(file.id);
      }
      if (!hopeless) throw error;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
}

async function processVideo(prefix: string, input: string, work: string, budget: FfmpegBudget): Promise<Output> {
  const localPath = path.join(work, 'output.mp4');
  await transcodeToMp4(input, localPath, budget);
  const result = await probe(localPath);
  const frame = path.join(work, 'poster.jpg');
  await grabFrame(localPath, frame, Math.min(1, result.duration / 2), budget);
  const still = await fs.readFile(frame);
  return {
    key: `${prefix}videos/${randomUUID()}.mp4`,
    localPath,
    mimeType: 'video/mp4',
    width: result.width,
    height: result.height,
    duration: result.duration,
    thumbnail: await sharp()(still)
      .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
    preview: await makeBlurredPreview(still),
  };
}

async function processAudio(prefix: string, input: string, work: string, budget: FfmpegBudget): Promise<Output> {
  const localPath = path.join(work, 'output.mp3');
  await transcodeToMp3(input, localPath, budget);
  const result = await probe(localPath);
  return { key: `${prefix}audio/${randomUUID()}.mp3`, localPath, mimeType: 'audio/mpeg', duration: result.duration };
}
