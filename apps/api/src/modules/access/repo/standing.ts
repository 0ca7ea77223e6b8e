import type { AccountStanding } from '@limelight/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { performerProfiles, users } from '../../../db/read/users';

/** Accounts whose standing is `standing` now, as a condition on `users` (the admin's filter). */
export function standingIs(standing: AccountStanding): SQL {
  const suspendedNow = sql`(${users.standing} = 'suspended' and ${users.standingUntil} > now())`;
  if (standing === 'banned') return sql`${users.standing} = 'banned'`;
  if (standing === 'suspended') return suspendedNow;
  return sql`(${users.standing} = 'good' or (${users.standing} = 'suspended' and ${users.standingUntil} <= now()))`;
}

/**
 * A creator fans may see, follow, message and pay, as one condition on `profile` (performer_profiles
 * or an alias of it): listed (active, verified and not banned, kept by triggers) and not suspended now.
 */
export const listedNow = (
  profile: { listed: typeof performerProfiles.listed; suspendedUntil: typeof performerProfiles.suspendedUntil } = performerProfiles,
): SQL<boolean> => sql<boolean>`(${profile.listed} and (${profile.suspendedUntil} is null or ${profile.suspendedUntil} <= now()))`;

/** `listedNow` for a statement that names the profile by an alias (`pp`). */
export const listedNowAs = (alias: string): SQL =>
  sql`(${sql.identifier(alias)}.listed and (${sql.identifier(alias)}.suspended_until is null or ${sql.identifier(alias)}.suspended_until <= now()))`;

/** Which of these creators are public now: active and listed (column `id`). */
export const listedCreatorsAmong = (db: Queryable, performerIds: string[]) =>
  db
    .select({ id: users.id })
    .from(users)
    .innerJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(and(inArray(users.id, performerIds), eq(users.status, 'active'), listedNow()));
