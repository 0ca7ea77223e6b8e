import type { CreatorCounts, DiscoveryRequirement } from '@limelight/contracts';
import { and, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/client';
import { rowFromJson } from '../../../db/json-row';
import { pageOf } from '../../../db/paging';
import { preparedStatement } from '../../../db/prepared';
import { feedFiles, feeds } from '../../../db/read/feeds';
import { follows } from '../../../db/read/follows';
import { galleries } from '../../../db/read/galleries';
import { files } from '../../../db/read/media';
import { moderationHolds } from '../../../db/read/moderation';
import { reactions } from '../../../db/read/reactions';
import { performerProfiles, users } from '../../../db/read/users';
import { videos } from '../../../db/read/videos';
import type { SessionUser } from '../../../platform/auth';
import { isUuid } from '../../../platform/http';
import { listedNow, notHeld, notHiddenFrom, type Refusal, refusalSql, viewerParams, viewerPlaceholders } from '../../access';

/** Creators fans may see: active, with documents an admin verified (kept in `listed` by triggers), not banned or suspended now. */
// A creator profile hidden by moderation (decision 046) leaves search and the shelves too; their page answers 404.
export const listedPerformer = and(listedNow(), notHeld(undefined, performerProfiles.userId))!;

/**
 * A listed creator whose page is ready for discovery shelves (decision 051): an avatar, a
 * subscription price and a first published post, which `on_shelves_from` keeps on the profile
 * (database triggers, decision 077: a list reads performer_profiles alone). Their own page, a
 * direct link and the lists of those who follow or bookmarked them do not ask this.
 */
export const onDiscoveryShelves = and(listedPerformer, sql`${performerProfiles.onShelvesFrom} <= now()`)!;

/** What a creator's page still needs before discovery lists it (the same rule as `onDiscoveryShelves`, for one creator). */
export async function discoveryMissing(db: Queryable, row: PerformerRow): Promise<DiscoveryRequirement[]> {
  const [post] = await db
    .select({ id: feeds.id })
    .from(feeds)
    .where(and(eq(feeds.performerId, row.user.id), eq(feeds.status, 'active'), lte(feeds.publishedAt, sql`now()`)))
    .limit(1);
  const { profile } = row;
  const priced = [profile.monthlyPriceCents, profile.threeMonthPriceCents, profile.sixMonthPriceCents, profile.yearlyPriceCents].some(
    (cents) => cents !== null,
  );
  return [...(row.user.avatarKey ? [] : ['avatar' as const]), ...(priced ? [] : ['price' as const]), ...(post ? [] : ['post' as const])];
}

/** `creatorColumn` names a creator fans may see: content of unlisted creators stays hidden. */
export const byListedCreator = (creatorColumn: AnyPgColumn) =>
  sql`${creatorColumn} in (select ${performerProfiles.userId} from ${performerProfiles} where ${listedNow()})`;

/**
 * Creators whose pages search engines may list (decision 080): listed, not held by moderation, and
 * not hidden by their own "hide my page from search engines".
 */
const indexableCreator = and(listedPerformer, eq(performerProfiles.hiddenFromSearchEngines, false))!;

/** `creatorColumn` names a creator whose pages search engines may list. */
export const byIndexableCreator = (creatorColumn: AnyPgColumn) =>
  sql`${creatorColumn} in (select ${performerProfiles.userId} from ${performerProfiles} where ${indexableCreator})`;

/** One page of the sitemap's creators, by id (the primary key's order, so that pages do not shift as pages are read). */
export async function indexableCreatorsPage(db: Queryable, page: { offset: number; limit: number }) {
  return db
    .select({
      id: users.id,
      username: users.username,
      updatedAt: sql`greatest(${users.updatedAt}, ${performerProfiles.updatedAt})`.mapWith(users.updatedAt),
    })
    .from(performerProfiles)
    .innerJoin(users, eq(users.id, performerProfiles.userId))
    .where(indexableCreator)
    .orderBy(performerProfiles.userId)
    .offset(page.offset)
    .limit(page.limit);
}

export const countIndexableCreators = (db: Queryable) => db.$count(performerProfiles, indexableCreator);

/** A creator's account and profile, by username or id. */
export async function findPerformer(db: Queryable, usernameOrId: string) {
  const byUsername = sql`lower(${users.username}) = ${usernameOrId.toLowerCase()}`;
  const [row] = await db
    .select({ user: users, profile: performerProfiles })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(and(eq(users.role, 'performer'), isUuid(usernameOrId) ? eq(users.id, usernameOrId) : byUsername))
    .limit(1);
  return row;
}

export type PerformerRow = NonNullable<Awaited<ReturnType<typeof findPerformer>>>;

/** The attributes fans filter creators by (search) and read on their cards. */
export const attributeColumns = {
  gender: performerProfiles.gender,
  country: performerProfiles.country,
  height: performerProfiles.height,
  weight: performerProfiles.weight,
  bodyType: performerProfiles.bodyType,
  ethnicity: performerProfiles.ethnicity,
  size: performerProfiles.size,
  hair: performerProfiles.hair,
  eyes: performerProfiles.eyes,
  sexualOrientation: performerProfiles.sexualOrientation,
} as const;

/**
 * The columns a creator's public card shows (`toPublicPerformer`), for lists: not the account's
 * private columns nor the profile's search documents, which a page of cards would carry for nothing.
 */
export const performerCardColumns = {
  user: { id: users.id, name: users.name, username: users.username, avatarKey: users.avatarKey, coverKey: users.coverKey },
  profile: {
    bio: performerProfiles.bio,
    ...attributeColumns,
    state: performerProfiles.state,
    city: performerProfiles.city,
    languages: performerProfiles.languages,
    dateOfBirth: performerProfiles.dateOfBirth,
    monthlyPriceCents: performerProfiles.monthlyPriceCents,
    threeMonthPriceCents: performerProfiles.threeMonthPriceCents,
    sixMonthPriceCents: performerProfiles.sixMonthPriceCents,
    yearlyPriceCents: performerProfiles.yearlyPriceCents,
    isFreeSubscription: performerProfiles.isFreeSubscription,
    verifiedDocument: performerProfiles.verifiedDocument,
    followersCount: performerProfiles.followersCount,
    isOnline: performerProfiles.isOnline,
    onlineAt: performerProfiles.onlineAt,
  },
};
/** A creator as a public card shows them: `performerCardColumns` of a `PerformerRow`. */
export type PerformerCardRow = {
  user: Pick<PerformerRow['user'], keyof typeof performerCardColumns.user>;
  profile: Pick<PerformerRow['profile'], keyof typeof performerCardColumns.profile>;
};

type Json = Record<string, unknown>;
const creatorForViewerBy = (key: 'id' | 'username', withCounts: boolean) =>
  preparedStatement<{
    creator: Json;
    profile: Json;
    refusal: Refusal | null;
    is_followed: boolean;
    is_bookmarked: boolean;
    held: boolean;
    welcome_video: Json | null;
    counts?: CreatorCounts;
  }>(
    `${withCounts ? 'creator_profile' : 'creator_for_viewer'}_by_${key}`,
    sql`
      select to_json(u) as creator, to_json(pp) as profile,
        ${refusalSql(viewerPlaceholders, sql`u.id`)} as refusal,
        exists(select 1 from ${follows} where ${follows.followerId} = ${viewerPlaceholders.id} and ${follows.performerId} = u.id) as is_followed,
        exists(select 1 from ${reactions} where ${reactions.userId} = ${viewerPlaceholders.id} and ${reactions.objectType} = 'performer'
          and ${reactions.action} = 'bookmark' and ${reactions.objectId} = u.id) as is_bookmarked,
        exists(select 1 from ${moderationHolds} where ${moderationHolds.targetId} = u.id) as held,
        (select to_json(${files}) from ${files} where ${files.id} = pp.welcome_video_file_id) as welcome_video
        ${withCounts ? sql`, ${creatorCountsSql(sql`u.id`)} as counts` : sql``}
      from ${users} u join ${performerProfiles} pp on pp.user_id = u.id
      where u.role = 'performer' and ${key === 'id' ? sql`u.id = ${sql.placeholder('key')}::uuid` : sql`lower(u.username) = ${sql.placeholder('key')}`}
      limit 1`,
  );
/**
 * What a creator has published (contracts: creatorCountsSchema) as one JSON value, for the
 * profile's statement and each discovery card: published posts, their photos and videos plus the active galleries' photos
 * and library videos, and the likes of all of it. Each part reads the creator's own index range.
 */
export const creatorCountsSql = (creatorId: SQL) => sql`(
  select json_build_object('posts', p.posts, 'photos', p.photos + l.photos, 'videos', p.videos + l.videos, 'likes', p.likes + l.likes)
  from (
    select count(*)::int as posts, coalesce(sum(f.like_count), 0)::int as likes,
      coalesce(sum(m.photos), 0)::int as photos, coalesce(sum(m.videos), 0)::int as videos
    from ${feeds} f
    cross join lateral (
      select count(*) filter (where fi.type = 'feed-photo') as photos, count(*) filter (where fi.type = 'feed-video') as videos
      from ${feedFiles} ff join ${files} fi on fi.id = ff.file_id where ff.feed_id = f.id
    ) m
    where f.performer_id = ${creatorId} and f.status = 'active' and f.published_at <= now()
  ) p, (
    select
      (select coalesce(sum(g.photo_count), 0)::int from ${galleries} g where g.performer_id = ${creatorId} and g.status = 'active')
        as photos,
      (select count(*)::int from ${videos} v where v.performer_id = ${creatorId} and v.status = 'active') as videos,
      (select coalesce(sum(g.like_count), 0)::int from ${galleries} g where g.performer_id = ${creatorId} and g.status = 'active')
        + (select coalesce(sum(v.like_count), 0)::int from ${videos} v where v.performer_id = ${creatorId} and v.status = 'active')
        as likes
  ) l)`;

/** A creator as a viewer finds them, by id or username, without counts (a creator's page of posts). */
export const creatorForViewerStatements = { id: creatorForViewerBy('id', false), username: creatorForViewerBy('username', false) };
/** The same with the page header's counts: the profile read, not a creator's page of posts, which shows none. */
export const creatorProfileStatements = { id: creatorForViewerBy('id', true), username: creatorForViewerBy('username', true) };

/**
 * A creator by username or id as `viewer` finds them, in one prepared statement: the rows of
 * `findPerformer`, whether they refuse the viewer (for `visibleCreatorWith`), the viewer's follow
 * and bookmark flags, the welcome video's file and, `withCounts`, the page header's counts.
 */
export async function findCreatorForViewer(db: Queryable, usernameOrId: string, viewer: SessionUser | undefined, withCounts = false) {
  const byId = isUuid(usernameOrId);
  const statements = withCounts ? creatorProfileStatements : creatorForViewerStatements;
  const [row] = await statements[byId ? 'id' : 'username'](db, {
    ...viewerParams(viewer),
    key: byId ? usernameOrId : usernameOrId.toLowerCase(),
  });
  if (!row) return undefined;
  const user = rowFromJson(users, row.creator);
  const mine = (flag: boolean) => new Set(flag ? [user.id] : []);
  return {
    user,
    profile: rowFromJson(performerProfiles, row.profile),
    refusal: row.refusal,
    held: row.held,
    flags: { followed: mine(row.is_followed), bookmarked: mine(row.is_bookmarked) },
    welcomeVideo: row.welcome_video ? rowFromJson(files, row.welcome_video) : undefined,
    counts: row.counts ?? null,
  };
}

/**
 * Public cards for many creators at once, with the viewer's follow and bookmark flags:
 * two queries for any number of creators, never one per creator.
 */
export async function viewerFlags(db: Queryable, viewerId: string | undefined, performerIds: string[]) {
  if (!viewerId || performerIds.length === 0) return { followed: new Set<string>(), bookmarked: new Set<string>() };
  const [followed, bookmarked] = await Promise.all([
    db
      .select({ id: follows.performerId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), inArray(follows.performerId, performerIds))),
    db
      .select({ id: reactions.objectId })
      .from(reactions)
      .where(
        and(
          eq(reactions.userId, viewerId),
          eq(reactions.objectType, 'performer'),
          eq(reactions.action, 'bookmark'),
          inArray(reactions.objectId, performerIds),
        ),
      ),
  ]);
  return { followed: new Set(followed.map((row) => row.id)), bookmarked: new Set(bookmarked.map((row) => row.id)) };
}

/** A table linking accounts to creators (follows, bookmarks), and which of its rows to read. */
export type LinkTable = { table: PgTable; id: AnyPgColumn; performerId: AnyPgColumn; createdAt: AnyPgColumn; where: SQL | undefined };

/**
 * One page of listed creators reached through a link table (follows, bookmarks), newest link
 * first, with the total: two queries whatever the page size.
 */
export function linkedPerformersPage(db: Queryable, link: LinkTable, page: { offset: number; limit: number }, viewer: SessionUser) {
  const where = and(link.where, listedPerformer, notHiddenFrom(viewer, link.performerId));
  return pageOf(
    db
      .select({ id: link.id, createdAt: link.createdAt, user: users, profile: performerProfiles })
      .from(link.table)
      .innerJoin(users, eq(users.id, link.performerId))
      .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
      .where(where)
      .orderBy(desc(link.createdAt), desc(link.id))
      .$dynamic(),
    page,
    db
      .select({ total: count() })
      .from(link.table)
      .innerJoin(performerProfiles, eq(performerProfiles.userId, link.performerId))
      .where(where)
      .then(([row]) => row?.total ?? 0),
  );
}

/** A creator's profile row, locked for update in `tx` when `lock`. */
export async function profileOf(db: Queryable, userId: string, lock = false) {
  const query = db.select().from(performerProfiles).where(eq(performerProfiles.userId, userId));
  const [profile] = lock ? await query.for('update') : await query;
  return profile;
}

/** The account row of a creator (their avatar, cover and username). */
export async function accountOf(db: Queryable, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The words fans read on a creator's page now: the ones a profile revision may change. */
export async function publicProfileText(db: Queryable, creatorId: string) {
  const [row] = await db
    .select({
      name: users.name,
      bio: performerProfiles.bio,
      country: performerProfiles.country,
      state: performerProfiles.state,
      city: performerProfiles.city,
    })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(eq(users.id, creatorId));
  return row;
}

/** The id of the welcome video a creator's page shows now, if any. */
export async function welcomeVideoIdOf(db: Queryable, creatorId: string) {
  const [before] = await db
    .select({ id: performerProfiles.welcomeVideoFileId })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, creatorId));
  return before?.id;
}
