import { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import { jobKind } from '../../platform/jobs';
import { deleteFileRecords, type FileRow, storedKeys } from '../media';
import { previewKeysOf } from '../performers';
import { accountImagesOf, storyFilesOf, welcomeVideoOf } from './repo';

const REMOVE_MEDIA_JOB = jobKind('account.remove-media', z.object({ keys: z.array(z.string()) }));

/**
 * In the deletion's transaction, before the account row is anonymised and its stories go: the
 * records of its avatar, cover, welcome video and stories' files are deleted, and a job is queued
 * with their stored objects and those of the content already retired (`retired`: what nobody
 * bought; what someone bought keeps its files, decision 034), removed once the deletion has
 * committed (a rollback queues nothing). Money records stay for the ledger.
 */
export async function queueMediaRemoval(deps: Pick<Deps, 'jobs'>, tx: Queryable, userId: string, retired: FileRow[]) {
  const account = await accountImagesOf(tx, userId);
  const profile = await welcomeVideoOf(tx, userId);
  const storyFiles = await storyFilesOf(tx, userId);
  const fileIds = [account?.avatarFileId, account?.coverFileId, profile?.welcomeVideoFileId, ...storyFiles.map((story) => story.fileId)];
  const removed = await deleteFileRecords(
    tx,
    fileIds.filter((id): id is string => !!id),
  );
  const keys = [
    ...new Set(
      // A creator's link-preview cards too (a fan has none: removing a missing key is no error).
      [account?.avatarKey, account?.coverKey, ...previewKeysOf(userId), ...[...removed, ...retired].flatMap(storedKeys)].filter(
        (key): key is string => !!key,
      ),
    ),
  ];
  if (keys.length) await deps.jobs.enqueue(tx, REMOVE_MEDIA_JOB, { keys }, { maxAttempts: 5 });
}

/** Removes the stored objects; removing one already gone is not an error, so a retry finishes the rest. */
export function registerMediaRemoval(deps: Pick<Deps, 'jobs' | 'storage'>) {
  deps.jobs.register(REMOVE_MEDIA_JOB, async ({ keys }) => {
    await Promise.all(keys.map((key) => deps.storage.remove(key)));
  });
}
