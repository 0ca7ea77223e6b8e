import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../platform/auth';
import { forbidden, notFound } from '../../platform/errors';
import { assertMayReach, refused } from './creators';
import { isPayable, type PayRefusal } from './repo/payees';

/**
 * Who may be paid (decision 011): only an active creator whose identity documents an admin
 * verified (`listed`, kept by triggers) receives money, whatever the charge (tip, item,
 * subscription, and later messages, products and live), and only they ask for payouts. Until
 * then fans cannot see them either, so a payer is told the creator is not found.
 */

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

/** Throws what `assertMayBePaid` throws for a refusal read by `payRefusalSql`. */
export function assertNoPayRefusal(refusal: PayRefusal | null) {
  if (refusal === 'unpayable') throw notFound('Creator');
  if (refusal) throw refused(refusal);
}
