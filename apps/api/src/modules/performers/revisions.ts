import {
  PROFILE_REVISION_CASE,
  type ProfileRevision,
  type ProfileRevisionChange,
  type RevisedProfileMedium,
  type RevisedProfileText,
  revisedProfileFields,
} from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { performerProfileRevisions } from '../../db/schema/performers';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { type AuditSource, recordAudit } from '../audit';
import {
  deleteFileRecords,
  type FileRow,
  findFile,
  type ProfileImageKind,
  presentMediaFile,
  removeStored,
  saveProfileImage,
} from '../media';
import { closeOpenCases, holdFilesForReview, isReviewedBeforePublication, liftFileReviewHolds, liftHolds, openCase } from '../moderation';
import { avatarOf, changeAccount, changeCreatorProfile, coverOf, pointProfileImage, replaceProfileImage } from '../users';
import { accountOf, profileOf, publicProfileText, welcomeVideoIdOf } from './repo/profiles';
import {
  deleteRevision,
  deleteRevisionReturning,
  ensureRevision,
  hasOpenRevisionCase,
  markRevisionRefused,
  restartRevision,
  revisionOf,
  saveRevisionChanges,
  saveRevisionFile,
} from './repo/revisions';

/**
 * A reviewed creator's changes of their public page (decision 055) wait in one revision per
 * creator until an admin approves or refuses it; fans see the page as it was meanwhile.
 */
type RevisionRow = typeof performerProfileRevisions.$inferSelect;
const fileColumns = { avatar: 'avatarFileId', cover: 'coverFileId', welcomeVideo: 'welcomeVideoFileId' } as const;
const pendingFileIds = (row: RevisionRow) => [row.avatarFileId, row.coverFileId, row.welcomeVideoFileId].filter((id): id is string => !!id);

/** Whether this creator's changes of their public page wait for review now (the one policy of decision 054). */
export const profileChangesReviewed = (deps: Deps, db: Queryable, creatorId: string) =>
  isReviewedBeforePublication(db, deps.settings.get('reviewBeforePublication'), creatorId);

/** The words of an update that a revision holds, split from those that apply at once. */
export function splitRevised<T extends RevisedProfileText>(input: T) {
  const revised: RevisedProfileText = {};
  const rest = { ...input };
  for (const field of revisedProfileFields) {
    if (input[field] === undefined) continue;
    (revised as Record<string, unknown>)[field] = input[field];
    delete rest[field];
  }
  return { revised, rest: rest as Omit<T, keyof RevisedProfileText> };
}

async function publicText(tx: Queryable, creatorId: string): Promise<Required<RevisedProfileText>> {
  const row = await publicProfileText(tx, creatorId);
  if (!row) throw notFound('Creator profile');
  return { ...row, name: row.name ?? '' };
}

/** The creator's revision row, locked, or a fresh pending one (a refused one starts over). */
async function openRevision(tx: Queryable, creatorId: string) {
  await ensureRevision(tx, creatorId);
  const row = await revisionOf(tx, creatorId, true);
  if (!row!.refusedAt) return row!;
  return restartRevision(tx, creatorId);
}

/** Opens the queue's case for the creator's revision unless one is open: a report without a reporter (decision 054). */
async function openRevisionCase(tx: Queryable, creatorId: string) {
  if (await hasOpenRevisionCase(tx, creatorId)) return;
  await openCase(tx, {
    targetType: PROFILE_REVISION_CASE,
    targetId: creatorId,
    reason: 'prePublication',
    description: 'Profile changes by a creator reviewed before publication.',
  });
}

/** Closes the open case of a revision nobody has to decide any more (withdrawn, or nothing left to change). */
async function closeRevisionCase(tx: Queryable, creatorId: string) {
  await closeOpenCases(tx, { targetType: PROFILE_REVISION_CASE, targetId: creatorId }, { status: 'dismissed' });
}

/** Deletes these files with their holds; answers the rows, whose stored bytes go once committed (`removeStored`). */
async function dropFiles(tx: Queryable, ids: string[]) {
  if (!ids.length) return [];
  await liftHolds(tx, ids);
  return deleteFileRecords(tx, ids);
}

/**
 * Saves what the revision now asks for: it is dropped (and its case closed) when it asks for
 * nothing different from the public page any more, else its case is open.
 */
async function settle(tx: Queryable, row: RevisionRow) {
  if (Object.keys(row.changes).length || pendingFileIds(row).length) return openRevisionCase(tx, row.userId);
  await deleteRevision(tx, row.userId);
  await closeRevisionCase(tx, row.userId);
}

/**
 * Merges new words into the creator's pending revision. A field set back to its public value
 * leaves the revision: the form sends every field, and only real changes wait. Asking nothing new
 * touches nothing (a refused revision's notice stays).
 */
export async function reviseText(tx: Queryable, creatorId: string, revised: RevisedProfileText) {
  if (!Object.keys(revised).length) return;
  const [now, current] = await Promise.all([publicText(tx, creatorId), revisionOf(tx, creatorId, true)]);
  const base: RevisedProfileText = current && !current.refusedAt ? current.changes : {};
  const merged = { ...base, ...revised } as Record<string, unknown>;
  for (const field of revisedProfileFields) if (merged[field] === undefined || merged[field] === now[field]) delete merged[field];
  if (revisedProfileFields.every((field) => merged[field] === base[field])) return;
  await openRevision(tx, creatorId);
  await settle(tx, await saveRevisionChanges(tx, creatorId, merged as RevisedProfileText));
}

/**
 * Puts a new avatar, cover or welcome video into the creator's pending revision, held so that
 * fans cannot open it; one it replaces there is dropped. Answers the dropped file for `removeStored`.
 */
export async function reviseFile(tx: Queryable, creatorId: string, medium: RevisedProfileMedium, file: FileRow) {
  const row = await openRevision(tx, creatorId);
  const column = fileColumns[medium];
  const replaced = row[column];
  await holdFilesForReview(tx, creatorId, [file.id]);
  await settle(tx, await saveRevisionFile(tx, creatorId, column, file.id));
  return dropFiles(tx, replaced ? [replaced] : []);
}

/**
 * A creator's new avatar or cover: shown at once, or for a reviewed creator stored and held in
 * their revision (decision 055). Answers the account as it now is.
 */
export async function changeProfileImage(deps: Deps, performer: SessionUser, kind: ProfileImageKind, upload: Buffer) {
  if (!(await profileChangesReviewed(deps, deps.db, performer.id))) return replaceProfileImage(deps, performer, kind, upload);
  const file = await saveProfileImage(deps, performer.id, kind, upload);
  const dropped = await deps.db.transaction((tx) => reviseFile(tx, performer.id, kind, file));
  await removeStored(deps, dropped);
  return performer;
}

/** The creator's own view of their revision: the new values, links to its files, or the reason it was refused. */
export async function myRevision(deps: Deps, creatorId: string): Promise<ProfileRevision | null> {
  const row = await revisionOf(deps.db, creatorId);
  if (!row) return null;
  const [avatar, cover, video] = await Promise.all([
    findFile(deps.db, row.avatarFileId),
    findFile(deps.db, row.coverFileId),
    findFile(deps.db, row.welcomeVideoFileId),
  ]);
  return {
    status: row.refusedAt ? 'refused' : 'pending',
    changes: row.changes,
    avatar: avatar ? avatarOf({ avatarKey: avatar.storageKey }) : null,
    cover: cover ? coverOf({ coverKey: cover.storageKey }) : null,
    welcomeVideo: video ? presentMediaFile(video) : null,
    submittedAt: row.updatedAt.toISOString(),
    refusal: row.refusedAt ? { reason: row.refusedReason ?? '', at: row.refusedAt.toISOString() } : null,
  };
}

/** The creator takes back their pending revision (or puts away a refused one's notice): its files go, its case closes. */
export async function withdrawMyRevision(deps: Deps, creator: SessionUser, source: AuditSource) {
  const dropped = await deps.db.transaction(async (tx) => {
    const row = await deleteRevisionReturning(tx, creator.id);
    if (!row) throw notFound('A profile change waiting for review');
    await closeRevisionCase(tx, creator.id);
    if (!row.refusedAt) await recordAudit(tx, source, { action: 'profile.withdraw', target: { type: 'user', id: creator.id } });
    return dropFiles(tx, pendingFileIds(row));
  });
  await removeStored(deps, dropped);
}

/** The creator's revision waiting for a decision, locked when about to be decided. */
async function pendingRevision(db: Queryable, creatorId: string, lock = true) {
  const row = await revisionOf(db, creatorId, lock);
  return row && !row.refusedAt ? row : undefined;
}

/**
 * Applies a pending revision to the public page in `tx` (the admin's approval): the words, then
 * each new file in place of the old one, whose hold is lifted. Answers the files replaced, for
 * `removeStored` once committed; 404 when nothing waits.
 */
export async function applyRevision(tx: Queryable, creatorId: string) {
  const row = await pendingRevision(tx, creatorId);
  if (!row) throw notFound('A profile change waiting for review');
  const { name, ...profile } = row.changes;
  if (name !== undefined) await changeAccount(tx, creatorId, { name });
  if (Object.keys(profile).length) await changeCreatorProfile(tx, creatorId, profile);
  await liftFileReviewHolds(tx, pendingFileIds(row));
  const replaced: Array<FileRow | undefined> = [];
  for (const kind of ['avatar', 'cover'] as const) {
    const file = await findFile(tx, row[fileColumns[kind]]);
    if (file) replaced.push((await pointProfileImage(tx, creatorId, kind, file)).previous);
  }
  if (row.welcomeVideoFileId) {
    const before = await welcomeVideoIdOf(tx, creatorId);
    await changeCreatorProfile(tx, creatorId, { welcomeVideoFileId: row.welcomeVideoFileId });
    replaced.push(...(await dropFiles(tx, before ? [before] : [])));
  }
  await deleteRevision(tx, creatorId);
  return {
    replaced,
    changed: [
      ...Object.keys(row.changes),
      ...(Object.keys(fileColumns) as RevisedProfileMedium[]).filter((kind) => row[fileColumns[kind]]),
    ],
  };
}

/** The admin refuses a pending revision: its new values and files are discarded; the row keeps the reason for the creator. */
export async function refuseRevision(tx: Queryable, creatorId: string, reason: string) {
  const row = await pendingRevision(tx, creatorId);
  if (!row) throw notFound('A profile change waiting for review');
  await markRevisionRefused(tx, creatorId, reason);
  return dropFiles(tx, pendingFileIds(row));
}

/** A pending revision as the admin's queue shows it: each changed field, public value beside the new one. */
export async function revisionForReview(deps: Deps, creatorId: string) {
  const row = await pendingRevision(deps.db, creatorId, false);
  if (!row) return undefined;
  const [now, user, profile] = await Promise.all([
    publicText(deps.db, creatorId),
    accountOf(deps.db, creatorId),
    profileOf(deps.db, creatorId),
  ]);
  const text: ProfileRevisionChange[] = revisedProfileFields.flatMap((field) =>
    row.changes[field] === undefined ? [] : [{ field, kind: 'text' as const, before: now[field], after: row.changes[field] ?? null }],
  );
  const [avatar, cover, video, oldVideo] = await Promise.all([
    findFile(deps.db, row.avatarFileId),
    findFile(deps.db, row.coverFileId),
    findFile(deps.db, row.welcomeVideoFileId),
    findFile(deps.db, profile?.welcomeVideoFileId),
  ]);
  const videoUrl = (file: FileRow | undefined) => (file ? presentMediaFile(file).url : null);
  const media: ProfileRevisionChange[] = [
    ...(avatar
      ? [{ field: 'avatar' as const, kind: 'image' as const, before: avatarOf(user!), after: avatarOf({ avatarKey: avatar.storageKey }) }]
      : []),
    ...(cover
      ? [{ field: 'cover' as const, kind: 'image' as const, before: coverOf(user!), after: coverOf({ coverKey: cover.storageKey }) }]
      : []),
    ...(video ? [{ field: 'welcomeVideo' as const, kind: 'video' as const, before: videoUrl(oldVideo), after: videoUrl(video) }] : []),
  ];
  return { ownerId: creatorId, title: `Profile changes of @${user?.username ?? ''}`, changes: [...text, ...media] };
}
