import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Queryable } from '../../db/client';
import { files } from '../../db/schema';
import type { Deps } from '../../deps';
import { grabFrame, probe, transcodeToMp3, transcodeToMp4 } from '../../platform/ffmpeg';
import { makeBlurredPreview } from '../../platform/images';
import { PROTECTED_PREFIX, PUBLIC_PREFIX } from '../../platform/storage';
import type { SpooledUpload } from '../../platform/uploads';
import { findFile } from './files';

export const PROCESS_MEDIA_JOB = 'process-media';

/** Keeps a spooled upload privately until it is processed; answers its storage key. */
export async function keepUpload(deps: Deps, upload: SpooledUpload) {
  const key = `private/uploads/${randomUUID()}`;
  await deps.storage.putFile(key, upload.path);
  return key;
}

/** Who may load a processed file: anyone, or only through signed links. */
export type MediaAccess = 'public' | 'protected';
type ProcessingPayload = { fileId: string; media: 'video' | 'audio'; access: MediaAccess };

/**
 * Records a kept upload as a file in processing and queues its job, both in `tx`. The job is
 * told what the upload is and who may see it, so it never guesses from the file type.
 */
export async function queueProcessing(
  deps: Deps,
  tx: Queryable,
  file: { ownerId: string; type: string; media: ProcessingPayload['media']; access: MediaAccess; uploadKey: string; upload: SpooledUpload },
) {
  const [row] = await tx
    .insert(files)
    .values({
      ownerId: file.ownerId,
      type: file.type,
      status: 'processing',
      storageKey: file.uploadKey,
      originalName: file.upload.originalName.slice(0, 255),
      mimeType: file.upload.mimeType,
      size: file.upload.size,
    })
    .returning();
  const payload: ProcessingPayload = { fileId: row!.id, media: file.media, access: file.access };
  await deps.jobs.enqueue(tx, PROCESS_MEDIA_JOB, payload);
  return row!;
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
export function registerMediaProcessing(deps: Deps) {
  deps.jobs.register(PROCESS_MEDIA_JOB, async (data, job) => {
    const payload = data as ProcessingPayload;
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
      const output =
        payload.media === 'audio'
          ? await processAudio(prefix, input, work, info.hasAudio)
          : await processVideo(prefix, input, work, info.hasVideo);

      await deps.storage.putFile(output.key, output.localPath);
      stored.push(output.key);
      // The poster is a frame of the video, as protected as the video; the blurred preview is public.
      const thumbnailKey = output.thumbnail ? await storeImage(output.thumbnail, prefix, 'thumbnails') : null;
      const previewKey = output.preview ? await storeImage(output.preview, PUBLIC_PREFIX, 'previews') : null;
      const [updated] = await deps.db
        .update(files)
        .set({
          status: 'finished',
          storageKey: output.key,
          mimeType: output.mimeType,
          size: (await fs.stat(output.localPath)).size,
          width: output.width,
          height: output.height,
          duration: Math.round(output.duration * 100) / 100,
          thumbnailKey,
          previewKey,
          error: null,
        })
        .where(eq(files.id, file.id))
        .returning({ id: files.id });
      // Replaced or deleted while it was processing: keep nothing of it.
      await Promise.all([file.storageKey, ...(updated ? [] : stored)].map((key) => deps.storage.remove(key)));
    } catch (error) {
      await Promise.all(stored.map((key) => deps.storage.remove(key)));
      const final = error instanceof Unplayable || job.attempts >= job.maxAttempts;
      if (final) {
        const message = error instanceof Unplayable ? error.message : 'The file could not be processed';
        await deps.db.update(files).set({ status: 'error', error: message }).where(eq(files.id, file.id));
        await deps.storage.remove(file.storageKey);
      }
      if (!(error instanceof Unplayable)) throw error;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
}

async function processVideo(prefix: string, input: string, work: string, hasVideo: boolean): Promise<Output> {
  if (!hasVideo) throw new Unplayable('This file has no picture: upload a video');
  const localPath = path.join(work, 'output.mp4');
  await transcodeToMp4(input, localPath);
  const result = await probe(localPath);
  const frame = path.join(work, 'poster.jpg');
  await grabFrame(localPath, frame, Math.min(1, result.duration / 2));
  const still = await fs.readFile(frame);
  return {
    key: `${prefix}videos/${randomUUID()}.mp4`,
    localPath,
    mimeType: 'video/mp4',
    width: result.width,
    height: result.height,
    duration: result.duration,
    thumbnail: await sharp(still)
      .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer(),
    preview: await makeBlurredPreview(still),
  };
}

async function processAudio(prefix: string, input: string, work: string, hasAudio: boolean): Promise<Output> {
  if (!hasAudio) throw new Unplayable('This file has no sound: upload audio');
  const localPath = path.join(work, 'output.mp3');
  await transcodeToMp3(input, localPath);
  const result = await probe(localPath);
  return { key: `${prefix}audio/${randomUUID()}.mp3`, localPath, mimeType: 'audio/mpeg', duration: result.duration };
}
