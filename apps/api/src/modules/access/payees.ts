import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { countryBlocks, userBlocks } from '../../db/read/blocks';
import { performerProfiles } from '../../db/read/users';
import type { SessionUser } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';
import { assertMayReach, type Refusal, refused } from './creators';
import { listedNow } from './standing';

/**
 * Who may be paid (decision 011): only an active creator whose identity documents an admin
 * verified (`listed`, kept by triggers) receives money, whatever the charge (tip, item,
 * subscription, and later messages, products and live), and only they ask for payouts. Until
 * then fans cannot see them either, so a payer is told the creator is not found.
 */
async function isPayable(db: Queryable, performerId: string) {
  const [row] = await db.select({ listed: listedNow() }).from(performerProfiles).where(eq(performerProfiles.userId, performerId));
  return row?.listed === true;
}

/** A payer may pay this creator: the creator is payable and has not blocked them (or their country). */
export async function assertMayBePaid(db: Queryable, payer: SessionUser, performerId: string) {
  await assertMayReach(db, payer, performerId);
  if (!(await isPayable(db, performerId))) throw notFound('Creator');
}

export async function assertMayRequestPayout(db: Queryable, performer: SessionUser) {
  if (performer.status !== 'active' || !(await isPayable(db, performer.id))) {
    throw forbidden('An admin must verify your identity documents before you can request a payout');
  }
}

/**
 * `assertMayBePaid` as one SQL expression, for a payment that reads its parties in one statement
 * (a wallet charge): why the payer (not an admin) may not pay the creator, or null. The same
 * order as above: blocked, then country, then not payable.
 */
export const payRefusalSql = (payerId: SQLWrapper, performerId: SQLWrapper, country: SQLWrapper) => sql<PayRefusal | null>`(case
  when exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${performerId}::uuid and ${userBlocks.targetId} = ${payerId}::uuid)
    then 'blocked'
  when exists (select 1 from ${countryBlocks}
    where ${countryBlocks.performerId} = ${performerId}::uuid and ${countryBlocks.countryCode} = ${country}::text) then 'country'
  when not coalesce((select ${listedNow()} from ${performerProfiles} where ${performerProfiles.userId} = ${performerId}::uuid), false)
    then 'unpayable'
end)`;

export type PayRefusal = Refusal | 'unpayable';

/** Throws what `assertMayBePaid` throws for a refusal read by `payRefusalSql`. */
export function assertNoPayRefusal(refusal: PayRefusal | null) {
  if (refusal === 'unpayable') throw notFound('Creator');
  if (refusal) throw refused(refusal);
}
