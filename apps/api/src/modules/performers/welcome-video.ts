import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import type { SpooledUpload } from '../../platform/uploads';
import { deleteFileRecords, findFile, keepUpload, queueProcessing, removeStored } from '../media';
import { changeCreatorProfile } from '../users';
import { profileOf } from './repo/profiles';
import { profileChangesReviewed, reviseFile } from './revisions';

/**
 * Stores the upload privately, points the creator's page at it (status processing) and queues
 * its processing in the same transaction; the previous welcome video is removed.
 */
export async function replaceWelcomeVideo(deps: Deps, performer: SessionUser, upload: SpooledUpload) {
  const kept = await keepUpload(deps, upload, { owner: performer, medium: 'video', field: 'welcomeVideo' });
  const fileOf = (tx: Queryable) =>
    queueProcessing(deps, tx, { ownerId: performer.id, type: 'welcome-video', media: 'video', access: 'public', ...kept });
  // A reviewed creator's new video waits in their revision, held, and the page keeps the old one (decision 055).
  if (await profileChangesReviewed(deps, deps.db, performer.id)) {
    const dropped = await deps.db.transaction(async (tx) => reviseFile(tx, performer.id, 'welcomeVideo', await fileOf(tx)));
    await removeStored(deps, dropped);
    return;
  }
  const previous = await deps.db.transaction(async (tx) => {
    const profile = await profileOf(tx, performer.id, true);
    if (!profile) throw notFound('Creator profile');
    const file = await fileOf(tx);
    await changeCreatorProfile(tx, performer.id, { welcomeVideoFileId: file.id });
    return removeFileRecord(tx, profile.welcomeVideoFileId);
  });
  await removeStored(deps, [previous]);
}

export async function removeWelcomeVideo(deps: Deps, performer: SessionUser) {
  const removed = await deps.db.transaction(async (tx) => {
    const profile = await profileOf(tx, performer.id, true);
    if (!profile) throw notFound('Creator profile');
    await changeCreatorProfile(tx, performer.id, { welcomeVideoFileId: null });
    return removeFileRecord(tx, profile.welcomeVideoFileId);
  });
  await removeStored(deps, [removed]);
}

async function removeFileRecord(tx: Parameters<typeof findFile>[0], fileId: string | null) {
  const file = await findFile(tx, fileId);
  if (file) await deleteFileRecords(tx, [file.id]);
  return file;
}
