import { and, count, eq, gte, isNotNull, min, not } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { utcDay } from '../../../db/day';
import { performerProfiles } from '../../../db/read/users';

/**
 * Creators whose documents stand at `status` (decision 051): pending is sent and neither verified
 * nor rejected (a creator from social sign-in who never sent any waits for nothing).
 */
export function verificationIs(status: 'pending' | 'rejected' | 'verified') {
  if (status === 'verified') return eq(performerProfiles.verifiedDocument, true);
  const rejected = isNotNull(performerProfiles.documentsRejectedReason);
  return status === 'rejected'
    ? and(eq(performerProfiles.verifiedDocument, false), rejected)!
    : and(eq(performerProfiles.verifiedDocument, false), not(rejected), isNotNull(performerProfiles.documentsSubmittedAt))!;
}

/** Creators whose documents an admin approved, each UTC day since `since`. */
export async function verifiedByDay(db: Queryable, since: Date) {
  const day = utcDay(performerProfiles.verifiedAt);
  return db
    .select({ date: day, count: count() })
    .from(performerProfiles)
    .where(and(eq(performerProfiles.verifiedDocument, true), gte(performerProfiles.verifiedAt, since)))
    .groupBy(day);
}

/** The review queue: creators whose documents wait (decision 051), and since when the oldest has. */
export async function verificationQueue(db: Queryable) {
  const [row] = await db
    .select({ waiting: count(), oldestAt: min(performerProfiles.documentsSubmittedAt) })
    .from(performerProfiles)
    .where(verificationIs('pending'));
  return { waiting: row?.waiting ?? 0, oldestAt: row?.oldestAt ?? null };
}
