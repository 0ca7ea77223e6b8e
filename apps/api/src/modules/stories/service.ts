import { type SaveStoryInput, STORY_LIFETIME_HOURS, type Story, type StoryBarItem } from '@limelight/contracts';
import { and, asc, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { files } from '../../db/read/media';
import { performerProfiles } from '../../db/read/users';
import { stories } from '../../db/schema/stories';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { likeCounter } from '../../platform/counters';
import { badRequest, notFound } from '../../platform/errors';
import { assertMayReach, assertOwnerMayChange, creatorsReaching, isPrivileged, listedNow, may, notHeld, ownHolds } from '../access';
import { withdrawOwnFromReview } from '../library';
import { deleteFileRecords, findFile, presentMediaFile, storedKeys } from '../media';
import { holdForReview, isReviewedBeforePublication } from '../moderation';
import { viewerReactedSql } from '../reactions';
import { publicUsersById } from '../users';

type StoryRow = typeof stories.$inferSelect;
const live = () => gt(stories.expiresAt, sql`now()`);
const fileTypeFor = { photo: 'story-photo', video: 'story-video' } as const;

export async function createStory(deps: Deps, performer: SessionUser, input: Required<SaveStoryInput>) {
  await checkFile(deps, performer, input);
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(stories)
      .values({ ...input, performerId: performer.id, expiresAt: new Date(Date.now() + STORY_LIFETIME_HOURS * 3_600_000) })
      .returning();
    // A reviewed creator's story waits for an admin (decision 054); approval restarts its lifetime.
    if (await isReviewedBeforePublication(tx, deps.settings.get('reviewBeforePublication'), performer.id)) {
      const fileIds = created!.fileId ? [created!.fileId] : [];
      await holdForReview(tx, { targetType: 'story', targetId: created!.id, ownerId: performer.id, fileIds });
    }
    return created!;
  });
  return (await presentStories(deps, [row], new Set(), performer))[0]!;
}

/** Edits the words and colour; the media and the expiry stay as posted. */
export async function updateStory(deps: Deps, performer: SessionUser, id: string, input: { text?: string; backgroundColor?: string }) {
  const own = and(eq(stories.id, id), eq(stories.performerId, performer.id));
  // An update that changes nothing answers the story as it stands, like every update (decision 015).
  const [found] = await deps.db.select({ id: stories.id }).from(stories).where(own);
  if (!found) throw notFound('Story');
  // Only an admin lifts a moderation hold; a story waiting for review before publication stays editable.
  await assertOwnerMayChange(deps.db, performer, found.id);
  const [row] = Object.keys(input).length
    ? await deps.db.update(stories).set(input).where(own).returning()
    : await deps.db.select().from(stories).where(own);
  if (!row) throw notFound('Story');
  return (await presentStories(deps, [row], new Set(), performer))[0]!;
}

export async function deleteStory(deps: Deps, performer: SessionUser, id: string) {
  const file = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(stories)
      .where(and(eq(stories.id, id), eq(stories.performerId, performer.id)))
      .returning();
    if (!row) throw notFound('Story');
    await withdrawOwnFromReview(tx, performer, { targetType: 'story', targetId: row.id, fileIds: row.fileId ? [row.fileId] : [] });
    const found = await findFile(tx, row.fileId);
    if (found) await deleteFileRecords(tx, [found.id]);
    return found;
  });
  if (file) await Promise.all(storedKeys(file).map((key) => deps.storage.remove(key).catch(() => undefined)));
}

/** The creator's own stories, expired ones too, newest first. */
export async function myStories(deps: Deps, performer: SessionUser, page: { offset: number; limit: number }) {
  const where = eq(stories.performerId, performer.id);
  const { rows, total } = await pageOf(
    deps.db.select().from(stories).where(where).orderBy(desc(stories.createdAt), desc(stories.id)).$dynamic(),
    page,
    deps.db.$count(stories, where),
  );
  return { data: await presentStories(deps, rows, new Set(), performer), total };
}

export async function ownStory(deps: Deps, performer: SessionUser, id: string) {
  const [row] = await deps.db
    .select()
    .from(stories)
    .where(and(eq(stories.id, id), eq(stories.performerId, performer.id)));
  if (!row) throw notFound('Story');
  return (await presentStories(deps, [row], new Set(), performer))[0]!;
}

/** The fan's story bar: followed creators with stories still live, most recent first. */
export async function storyBar(deps: Deps, viewer: SessionUser): Promise<StoryBarItem[]> {
  const rows = await deps.db
    .select({ performerId: stories.performerId, storyCount: count(), latestAt: max(stories.createdAt) })
    .from(stories)
    .innerJoin(performerProfiles, and(eq(performerProfiles.userId, stories.performerId), listedNow()))
    .where(and(live(), sql`${stories.performerId} in ${creatorsReaching(viewer)}`, notHeld(viewer, stories.id, stories.performerId)))
    .groupBy(stories.performerId)
    .orderBy(desc(max(stories.createdAt)))
    .limit(50);
  if (!rows.length) return [];
  const authors = await publicUsersById(
    deps.db,
    rows.map((row) => row.performerId),
  );
  return rows.map((row) => ({
    performer: authors.get(row.performerId)!,
    storyCount: row.storyCount,
    latestAt: (row.latestAt as Date).toISOString(),
  }));
}

/** One creator's live stories, oldest first, for their followers and subscribers (and the creator), each with the viewer's like. */
export async function creatorStories(deps: Deps, viewer: SessionUser, performerId: string) {
  await assertMaySeeStoriesOf(deps, viewer, performerId);
  const rows = await deps.db
    .select({ story: stories, isLiked: likedBy(viewer) })
    .from(stories)
    .where(and(eq(stories.performerId, performerId), live(), notHeld(viewer, stories.id, stories.performerId)))
    .orderBy(asc(stories.createdAt), asc(stories.id));
  return presentStories(
    deps,
    rows.map((row) => row.story),
    new Set(rows.flatMap((row) => (row.isLiked ? [row.story.id] : []))),
    viewer,
  );
}

/**
 * A live story someone means to like: they may see the creator's stories (followers and
 * subscribers, blocks refused). Handed to the reactions module (app.ts).
 */
/** A like total on the story (handed to the reactions module). */
export const countStoryLikes = likeCounter(stories);

export async function reachableStory(deps: Deps, viewer: SessionUser, id: string) {
  const [story] = await deps.db
    .select({ performerId: stories.performerId })
    .from(stories)
    .where(and(eq(stories.id, id), live(), notHeld(viewer, stories.id, stories.performerId)));
  if (!story) throw notFound('Story');
  await assertMaySeeStoriesOf(deps, viewer, story.performerId);
  return story;
}

const likedBy = (viewer: SessionUser) => viewerReactedSql(sql`${viewer.id}::uuid`, 'story', sql`${stories.id}`, 'like');

async function assertMaySeeStoriesOf(deps: Deps, viewer: SessionUser, performerId: string) {
  if (!isPrivileged(viewer, performerId)) {
    await assertMayReach(deps.db, viewer, performerId);
    const [allowed] = await deps.db
      .select({ id: performerProfiles.userId })
      .from(performerProfiles)
      .where(and(eq(performerProfiles.userId, performerId), listedNow(), sql`${performerProfiles.userId} in ${creatorsReaching(viewer)}`));
    if (!allowed) throw notFound('Stories');
  }
}

async function checkFile(deps: Deps, performer: SessionUser, input: Required<SaveStoryInput>) {
  if (input.type === 'text') return;
  const file = await findFile(deps.db, input.fileId);
  const [used] = input.fileId ? await deps.db.select({ id: stories.id }).from(stories).where(eq(stories.fileId, input.fileId)) : [];
  if (!file || !may(performer, 'story.useFile', file) || file.type !== fileTypeFor[input.type] || used) {
    throw badRequest(`fileId must name your own unused story ${input.type}`, [
      { field: 'fileId', message: `must name your own unused story ${input.type}` },
    ]);
  }
}

/** Stories reach only viewers allowed to see them, so their media links are signed for them. */
async function presentStories(deps: Deps, rows: StoryRow[], liked = new Set<string>(), viewer?: SessionUser): Promise<Story[]> {
  if (!rows.length) return [];
  const fileIds = rows.flatMap((row) => (row.fileId ? [row.fileId] : []));
  const [storyFiles, authors, heldMark] = await Promise.all([
    fileIds.length ? deps.db.select().from(files).where(inArray(files.id, fileIds)) : Promise.resolve([]),
    publicUsersById(
      deps.db,
      rows.map((row) => row.performerId),
    ),
    ownHolds(deps.db, viewer, rows),
  ]);
  return rows.map((row) => {
    const file = storyFiles.find((item) => item.id === row.fileId);
    return {
      _id: row.id,
      type: row.type,
      text: row.text,
      backgroundColor: row.backgroundColor,
      file: file ? presentMediaFile(file, { signer: deps.mediaSigner, canView: true }) : null,
      performer: authors.get(row.performerId)!,
      likeCount: row.likeCount,
      isLiked: liked.has(row.id),
      expiresAt: row.expiresAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      moderation: heldMark(row.id),
    };
  });
}

/** The account's deletion takes its stories with it (they were only ever a day long). */
export async function removeCreatorStories(tx: Queryable, performerId: string) {
  await tx.delete(stories).where(eq(stories.performerId, performerId));
}

/** A story approved at review before publication lives its full lifetime from now (decision 054). */
export async function startStoryLifetime(tx: Queryable, id: string) {
  await tx
    .update(stories)
    .set({ expiresAt: new Date(Date.now() + STORY_LIFETIME_HOURS * 3_600_000) })
    .where(eq(stories.id, id));
}
