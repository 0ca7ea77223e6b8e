import { STORY_LIFETIME_HOURS } from '@limelight/contracts';
import { and, asc, count, desc, eq, gt, inArray, max, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { type Page, pageOf } from '../../db/paging';
import { files } from '../../db/read/media';
import { performerProfiles } from '../../db/read/users';
import { stories } from '../../db/schema/stories';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';
import type { SessionUser } from '../../platform/auth';
import { likeCounter } from '../../platform/counters';
import { creatorsReaching, listedNow, notHeld } from '../access';
import { viewerReactedSql } from '../reactions';

const live = () => gt(stories.expiresAt, sql`now()`);
const own = (performerId: string, id: string) => and(eq(stories.id, id), eq(stories.performerId, performerId));
const likedBy = (viewer: SessionUser) => viewerReactedSql(sql`${viewer.id}::uuid`, 'story', sql`${stories.id}`, 'like');

/** Inserts a story and returns its row, in the caller's transaction. */
export async function insertStory(tx: Queryable, values: typeof stories.$inferInsert) {
  const [created] = await tx.insert(stories).values(values).returning();
  return created!;
}

/** The id of the creator's own story, none when it is not theirs. */
export async function ownStoryId(db: Queryable, performerId: string, id: string) {
  const [found] = await db.select({ id: stories.id }).from(stories).where(own(performerId, id));
  return found;
}

/** The creator's own story, none when it is not theirs. */
export async function ownStoryRow(db: Queryable, performerId: string, id: string) {
  const [row] = await db.select().from(stories).where(own(performerId, id));
  return row;
}

/** Sets the words and colour of the creator's own story; returns its row. */
export async function editOwnStory(db: Queryable, performerId: string, id: string, input: { text?: string; backgroundColor?: string }) {
  const [row] = await db.update(stories).set(input).where(own(performerId, id)).returning();
  return row;
}

/** Deletes the creator's own story; returns its row, none when it is not theirs. */
export async function deleteOwnStory(tx: Queryable, performerId: string, id: string) {
  const [row] = await tx.delete(stories).where(own(performerId, id)).returning();
  return row;
}

/** One page of the creator's stories, expired ones too, newest first, with the count. */
export function storiesOfCreatorPage(db: Queryable, performerId: string, page: Page) {
  const where = eq(stories.performerId, performerId);
  return pageOf(
    db.select().from(stories).where(where).orderBy(desc(stories.createdAt), desc(stories.id)).$dynamic(),
    page,
    db.$count(stories, where),
  );
}

/** The listed creators reaching the viewer with stories still live, their count and latest, most recent first (50). */
export const storyBarRows = (db: Queryable, viewer: SessionUser) =>
  db
    .select({ performerId: stories.performerId, storyCount: count(), latestAt: max(stories.createdAt) })
    .from(stories)
    .innerJoin(performerProfiles, and(eq(performerProfiles.userId, stories.performerId), listedNow()))
    .where(and(live(), sql`${stories.performerId} in ${creatorsReaching(viewer)}`, notHeld(viewer, stories.id, stories.performerId)))
    .groupBy(stories.performerId)
    .orderBy(desc(max(stories.createdAt)))
    .limit(50);

/** A creator's live stories the viewer may see, oldest first, each with whether the viewer liked it. */
export const liveStoriesOf = (db: Queryable, viewer: SessionUser, performerId: string) =>
  db
    .select({ story: stories, isLiked: likedBy(viewer) })
    .from(stories)
    .where(and(eq(stories.performerId, performerId), live(), notHeld(viewer, stories.id, stories.performerId)))
    .orderBy(asc(stories.createdAt), asc(stories.id));

/** The author of a live story the viewer may see, none otherwise. */
export async function liveStoryAuthor(db: Queryable, viewer: SessionUser, id: string) {
  const [story] = await db
    .select({ performerId: stories.performerId })
    .from(stories)
    .where(and(eq(stories.id, id), live(), notHeld(viewer, stories.id, stories.performerId)));
  return story;
}

/** The creator, when listed and reaching the viewer (followed or subscribed). */
export async function listedCreatorReaching(db: Queryable, viewer: SessionUser, performerId: string) {
  const [allowed] = await db
    .select({ id: performerProfiles.userId })
    .from(performerProfiles)
    .where(and(eq(performerProfiles.userId, performerId), listedNow(), sql`${performerProfiles.userId} in ${creatorsReaching(viewer)}`));
  return allowed;
}

/** The story already using this file, if any. */
export async function storyUsingFile(db: Queryable, fileId: string) {
  const [used] = await db.select({ id: stories.id }).from(stories).where(eq(stories.fileId, fileId));
  return used;
}

/** The file records of these stories' media (none asked, no query). */
export const filesOfStories = (db: Queryable, fileIds: string[]) =>
  fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : Promise.resolve([]);

/** A like total on the story (handed to the reactions module). */
export const countStoryLikes = likeCounter(stories);

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

/** Stories for the admin's console, expired ones too (decision 052). */
export const adminStoryRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: stories,
      select: {
        id: stories.id,
        title: sql`left(${stories.text}, 200)`,
        status: sql`case when ${stories.expiresAt} > now() then 'active' else 'expired' end`,
        ownerId: stories.performerId,
        otherId: nullValue,
        amountCents: nullValue,
        count: stories.likeCount,
        parentId: nullValue,
        parentType: stories.type,
        createdAt: stories.createdAt,
        updatedAt: stories.updatedAt,
      },
      id: stories.id,
      createdAt: stories.createdAt,
      users: [stories.performerId],
      status: sql`case when ${stories.expiresAt} > now() then 'active' else 'expired' end`,
      text: [stories.text],
    },
    filters,
  );
