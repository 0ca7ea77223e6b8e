import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/client';
import { countryBlocks, fanCountryBlocks, userBlocks } from '../../../db/read/blocks';
import { performerProfiles } from '../../../db/read/users';
import type { SessionUser } from '../../../platform/auth';
import { clientCountry } from '../../../platform/client-country';
import type { ViewerSql } from './viewer';

/** Why a creator refuses a viewer: they blocked them, or their country. */
export type Refusal = 'blocked' | 'country';

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

/**
 * What the creators hidden from this viewer depend on (`hiddenCreators`: the viewer, and the
 * country they call from), as a key: two requests with the same key see the same creators, for a
 * list's count kept between its pages.
 */
export const hiddenFromKey = (viewer: SessionUser | undefined): string =>
  viewer?.role === 'admin' ? 'admin' : `${viewer?.id ?? 'visitor'}:${clientCountry() ?? ''}`;

/** A list condition keeping only rows whose `creatorColumn` names a creator not hidden from the viewer. */
export function notHiddenFrom(viewer: SessionUser | undefined, creatorColumn: AnyPgColumn | SQL): SQL | undefined {
  const hidden = hiddenCreators(viewer);
  return hidden ? sql`${creatorColumn} not in ${hidden}` : undefined;
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

/** Which of these creators blocked this viewer (column `id`). */
export const creatorsBlocking = (db: Queryable, viewerId: string, performerIds: string[]) =>
  db
    .select({ id: userBlocks.blockerId })
    .from(userBlocks)
    .where(and(eq(userBlocks.targetId, viewerId), inArray(userBlocks.blockerId, performerIds)));

/** Which of these creators blocked this country (column `id`). */
export const creatorsBlockingCountry = (db: Queryable, country: string, performerIds: string[]) =>
  db
    .select({ id: countryBlocks.performerId })
    .from(countryBlocks)
    .where(and(eq(countryBlocks.countryCode, country), inArray(countryBlocks.performerId, performerIds)));
