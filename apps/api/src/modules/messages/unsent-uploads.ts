import { MEDIA_LIMITS } from '@limelight/contracts';
import type { Deps } from '../../deps';
import { deleteFileRecords, removeStored } from '../media';
import { MESSAGE_FILE_TYPES } from './messages';
import { unsentUploads } from './repo/files';

/** How often each worker looks for message uploads never sent, and how many it removes at a time. */
const SWEEP_EVERY_MS = 15 * 60_000;
const SWEEP_BATCH = 500;

/**
 * Removes message uploads that no message (one to one or mass) took within
 * `MEDIA_LIMITS.unsentUploadHours`: uploading costs storage and processing, and an upload kept for
 * ever without being sent would let any account fill the storage for free (decision 062).
 * Processes may sweep at once: each deletes what it found still there.
 */
export async function sweepUnsentUploads(deps: Pick<Deps, 'db' | 'storage' | 'log'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - MEDIA_LIMITS.unsentUploadHours * 3_600_000);
  const unsent = await unsentUploads(deps.db, MESSAGE_FILE_TYPES, before, SWEEP_BATCH);
  const removed = await deleteFileRecords(
    deps.db,
    unsent.map((row) => row.id),
  );
  await removeStored(deps, removed);
  return removed.length;
}

export function registerUnsentUploadSweep(deps: Deps) {
  deps.jobs.every('messages.unsent-uploads', SWEEP_EVERY_MS, () => sweepUnsentUploads(deps));
}
