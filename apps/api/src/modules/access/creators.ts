import { ErrorCode } from '@limelight/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { countryBlocks, fanCountryBlocks, userBlocks } from '../../db/read/blocks';
import { performerProfiles } from '../../db/read/users';
import type { SessionUser } from '../../platform/auth';
import { clientCountry } from '../../platform/client-country';
import { AppError, notFound } from '../../platform/errors';
import { inGoodStanding } from './standing';

/**
 * Who may reach a creator at all (decision 011): the one place blocks are enforced. Every
 * other policy (content, comments, follow, subscribe, pay, and later messages) starts here.
 */
export type Refusal = 'blocked' | 'country';

const messages: Record<Refusal, string> = {
  blocked: 'This creator has blocked you',
  country: "This creator's page is not available in your country",
};

/** Admins and the creator themself are never blocked. */
export const isPrivileged = (viewer: { id: string; role?: string } | undefined | null, performerId: string | undefined) =>
  !!viewer && (viewer.role === 'admin' || viewer.id === performerId);

/** The creators from a country the viewer blocked (decision 038), as one `select` of ids. */
const fromBlockedCountries = (viewerId: SQL | string) =>
  sql`select ${performerProfiles.userId} from ${performerProfiles} join ${fanCountryBlocks}
    on ${fanCountryBlocks.countryCode} = ${performerProfiles.country} where ${fanCountryBlocks.userId} = ${viewerId}`;

/**
 * The creators hidden from this viewer (column `id`), for list queries: those who blocked them
 * or their country, those the viewer blocked themself, and those from countries the viewer
 * blocked. Undefined when nothing can be hidden.
 */
function hiddenCreators(viewer: SessionUser | undefined): SQL | undefined {
  if (viewer?.role === 'admin') return undefined;
  const country = clientCountry();
  const parts = [
    ...(viewer
      ? [
          sql`select ${userBlocks.blockerId} as id from ${userBlocks} where ${userBlocks.targetId} = ${viewer.id}`,
          sql`select ${userBlocks.targetId} from ${userBlocks} where ${userBlocks.blockerId} = ${viewer.id}`,
          fromBlockedCountries(viewer.id),
        ]
      : []),
    ...(country ? [sql`select ${countryBlocks.performerId} from ${countryBlocks} where ${countryBlocks.countryCode} = ${country}`] : []),
  ];
  return parts.length ? sql`(${sql.join(parts, sql` union `)})` : undefined;
}

/** A list condition keeping only rows whose `creatorColumn` names a creator not hidden from the viewer. */
export function notHiddenFrom(viewer: SessionUser | undefined, creatorColumn: AnyPgColumn | SQL): SQL | undefined {
  const hidden = hiddenCreators(viewer);
  return hidden ? sql`${creatorColumn} not in ${hidden}` : undefined;
}

/**
 * A viewer as a hand-written statement names them (decision 018): bound values for one request
 * (`boundViewer`), or the placeholders of a prepared statement (`viewerPlaceholders`, filled by
 * `viewerParams`), so that one text serves every viewer and PostgreSQL plans it once.
 */
export type ViewerSql = { id: SQL; country: SQL; isAdmin: SQL };

export const viewerPlaceholders: ViewerSql = {
  id: sql`${sql.placeholder('viewerId')}::uuid`,
  country: sql`${sql.placeholder('country')}::text`,
  isAdmin: sql`${sql.placeholder('isAdmin')}::boolean`,
};

/** The values of `viewerPlaceholders` for this viewer in this request (the country is the client's). */
export const viewerParams = (viewer: SessionUser | undefined) => ({
  viewerId: viewer?.id ?? null,
  country: clientCountry() ?? null,
  isAdmin: viewer?.role === 'admin',
});

export function boundViewer(viewer: SessionUser | undefined): ViewerSql {
  const params = viewerParams(viewer);
  return { id: sql`${params.viewerId}::uuid`, country: sql`${params.country}::text`, isAdmin: sql`${params.isAdmin}::boolean` };
}

/** `hiddenCreators` as one condition on `creator`, for statements that name the viewer in SQL. */
export const notHiddenSql = (viewer: ViewerSql, creator: SQL) => sql`(${viewer.isAdmin} or ${creator} not in (
  select ${userBlocks.blockerId} from ${userBlocks} where ${userBlocks.targetId} = ${viewer.id}
  union all select ${userBlocks.targetId} from ${userBlocks} where ${userBlocks.blockerId} = ${viewer.id}
  union all ${fromBlockedCountries(viewer.id)}
  union all select ${countryBlocks.performerId} from ${countryBlocks} where ${countryBlocks.countryCode} = ${viewer.country}))`;

/**
 * `refusals` for one creator as an SQL expression: 'blocked', 'country' or null. Like `refusals`
 * it leaves the creator themself to `accessFrom` (privileged), and admins are never refused.
 */
export const refusalSql = (viewer: ViewerSql, performerId: SQL) => sql<Refusal | null>`case
  when ${viewer.isAdmin} then null
  when exists(select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${performerId} and ${userBlocks.targetId} = ${viewer.id}) then 'blocked'
  when exists(select 1 from ${countryBlocks} where ${countryBlocks.performerId} = ${performerId} and ${countryBlocks.countryCode} = ${viewer.country}) then 'country'
  end`;

/** Which of these creators refuse this viewer, and why: two small queries for a whole page. */
export async function refusals(db: Queryable, viewer: SessionUser | undefined, performerIds: string[]) {
  const result = new Map<string, Refusal>();
  const ids = [...new Set(performerIds)].filter((id) => !isPrivileged(viewer, id));
  if (!ids.length || viewer?.role === 'admin') return result;
  const country = clientCountry();
  const [blockedBy, countryBlockedBy] = await Promise.all([
    viewer
      ? db
          .select({ id: userBlocks.blockerId })
          .from(userBlocks)
          .where(and(eq(userBlocks.targetId, viewer.id), inArray(userBlocks.blockerId, ids)))
      : [],
    country
      ? db
          .select({ id: countryBlocks.performerId })
          .from(countryBlocks)
          .where(and(eq(countryBlocks.countryCode, country), inArray(countryBlocks.performerId, ids)))
      : [],
  ]);
  for (const row of countryBlockedBy) result.set(row.id, 'country');
  for (const row of blockedBy) result.set(row.id, 'blocked');
  return result;
}

export const refused = (reason: Refusal) => new AppError(403, ErrorCode.blocked, messages[reason]);

/**
 * Throws a 403 naming the reason when this creator blocked the viewer or their country. Seeing
 * a profile or content, commenting, following, subscribing and paying all go through here.
 */
export async function assertMayReach(db: Queryable, viewer: SessionUser | undefined, performerId: string) {
  const reason = (await refusals(db, viewer, [performerId])).get(performerId);
  if (reason) throw refused(reason);
}

type CreatorRow = {
  user: { id: string; status: string } & Parameters<typeof inGoodStanding>[0];
  profile: { verifiedDocument: boolean };
};

/**
 * Whether `viewer` sees this creator's page at all (404 otherwise, as for an unverified creator:
 * a suspended or banned one too, decision 045), and whether they are privileged.
 */
function assertPublicFor(viewer: SessionUser | undefined, row: CreatorRow | undefined): asserts row is CreatorRow {
  const privileged = isPrivileged(viewer, row?.user.id);
  if (!row || (!privileged && !(row.user.status === 'active' && row.profile.verifiedDocument && inGoodStanding(row.user)))) {
    throw notFound('Creator');
  }
}

/**
 * A creator's page for a visitor: only active creators an admin verified are public (404 until
 * then, except to themself and admins), and a creator who refuses the visitor answers 403.
 */
export async function visibleCreator<T extends CreatorRow>(db: Queryable, viewer: SessionUser | undefined, row: T | undefined) {
  assertPublicFor(viewer, row);
  await assertMayReach(db, viewer, row.user.id);
  return row;
}

/** `visibleCreator` for a row read with its `refusalSql` of this viewer: the same rule, no query. */
export function visibleCreatorWith<T extends CreatorRow & { refusal: Refusal | null; held?: boolean }>(
  viewer: SessionUser | undefined,
  row: T | undefined,
) {
  assertPublicFor(viewer, row);
  // A profile hidden by moderation (decision 046) is gone like an unverified one, except to itself and admins.
  if (row.held && !isPrivileged(viewer, row.user.id)) throw notFound('Creator');
  if (row.refusal && !isPrivileged(viewer, row.user.id)) throw refused(row.refusal);
  return row;
}
