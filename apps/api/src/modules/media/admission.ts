import { ErrorCode, MEDIA_LIMITS, type Role } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import { AppError, retryLater } from '../../platform/errors';
import { type MediaInfo, probe } from '../../platform/ffmpeg';
import type { SpooledUpload } from '../../platform/uploads';
import { isAdmin, isCreator } from '../access';
import { mediaUsedBy, processingFilesOf } from './repo';

/**
 * What an audio or video upload may cost the media workers (decision 008). It is read from the
 * file itself (ffprobe, time-limited) before the upload is kept, so a file over a limit, or one
 * that is no media at all, is refused at once with the limit named and never stored; the
 * processing job checks the same limits again.
 */
export type Medium = 'video' | 'audio';

const minutes = (seconds: number) => Math.ceil(seconds / 60);

/** Why this media is over a limit, in words naming the limit; undefined when it is within them all. */
export function limitProblem(info: MediaInfo, medium: Medium): string | undefined {
  if (medium === 'video' && !info.hasVideo) return 'has no picture: upload a video';
  if (medium === 'audio' && !info.hasAudio) return 'has no sound: upload audio';
  const maxSeconds = medium === 'video' ? MEDIA_LIMITS.maxVideoSeconds : MEDIA_LIMITS.maxAudioSeconds;
  if (info.duration > maxSeconds) {
    return `is ${minutes(info.duration)} minutes long; the limit is ${minutes(maxSeconds)} minutes`;
  }
  if (medium !== 'video') return undefined;
  const [width, height] = [info.width ?? 0, info.height ?? 0];
  if (Math.max(width, height) > MEDIA_LIMITS.maxVideoLongSide || Math.min(width, height) > MEDIA_LIMITS.maxVideoShortSide) {
    return `is ${width}x${height} pixels; the limit is ${MEDIA_LIMITS.maxVideoLongSide}x${MEDIA_LIMITS.maxVideoShortSide}`;
  }
  if (info.frameRate && info.frameRate > MEDIA_LIMITS.maxFrameRate + 0.5) {
    return `runs at ${Math.round(info.frameRate)} frames a second; the limit is ${MEDIA_LIMITS.maxFrameRate}`;
  }
  return undefined;
}

/** Refuses the upload when the account already has the most uploads waiting to be processed. */
export async function assertProcessingQuota(db: Queryable, ownerId: string) {
  if ((await processingFilesOf(db, ownerId)) >= MEDIA_LIMITS.maxProcessingPerAccount) {
    throw retryLater(
      `You have ${MEDIA_LIMITS.maxProcessingPerAccount} uploads still processing, the most at once: upload this one when one of them is done`,
      60,
    );
  }
}

/** Whose upload it is: the budget depends on the kind of account. */
export type Uploader = { id: string; role: Role };

const gigabytes = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(bytes < 10 * 1024 ** 3 ? 1 : 0)} GB`;
const hoursAndMinutes = (seconds: number) =>
  seconds >= 3600
    ? `${Math.floor(seconds / 3600)} h ${String(Math.round((seconds % 3600) / 60)).padStart(2, '0')} min`
    : `${minutes(seconds)} minutes`;

/**
 * Refuses an upload that would take the account past its media budget (decision 062): what it
 * keeps stored, and the seconds of audio and video it had processed in the last 24 hours. Both are
 * read from its files, so the budget holds across processes and needs no counter of its own.
 */
export async function assertMediaBudget(db: Queryable, uploader: Uploader, incoming: { bytes: number; seconds?: number }) {
  if (isAdmin(uploader)) return;
  const budget = isCreator(uploader) ? 'performer' : 'user';
  const used = await mediaUsedBy(db, uploader.id);
  const maxStored = MEDIA_LIMITS.maxStoredBytes[budget];
  if ((used?.stored ?? 0) + incoming.bytes > maxStored) {
    throw new AppError(
      422,
      ErrorCode.unprocessable,
      `Your uploads take ${gigabytes(used?.stored ?? 0)} of the ${gigabytes(maxStored)} an account may keep: delete some to upload this one`,
    );
  }
  const maxSeconds = MEDIA_LIMITS.maxProcessingSecondsPerDay[budget];
  if (incoming.seconds && (used?.processed ?? 0) + incoming.seconds > maxSeconds) {
    throw retryLater(
      `You uploaded ${hoursAndMinutes(used?.processed ?? 0)} of audio and video in the last 24 hours; an account may upload ${hoursAndMinutes(maxSeconds)} a day: upload this one later`,
      3600,
    );
  }
}

/** Reads the upload's media facts, refusing what is not playable media or is over a limit. */
export async function admit(upload: SpooledUpload, medium: Medium, field: string): Promise<MediaInfo> {
  const what = medium === 'video' ? 'a video' : 'audio';
  const info = await probe(upload.path).catch(() => {
    throw new AppError(415, ErrorCode.unsupportedMedia, `${field} is not ${what} we can play`, [
      { field, message: `is not ${what} we can play` },
    ]);
  });
  const problem = limitProblem(info, medium);
  if (problem) throw new AppError(422, ErrorCode.unprocessable, `${field} ${problem}`, [{ field, message: problem }]);
  return info;
}
