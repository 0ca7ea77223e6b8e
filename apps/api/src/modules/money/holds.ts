import { randomUUID } from 'node:crypto';
import type { Transaction } from '../../db/client';
import { earningsOf, payoutHoldOf, platform, post } from '../../platform/ledger';

/**
 * Payout holds: a request moves its amount from the creator's available earnings to their hold
 * (refused, 402, when the earnings do not hold it); each change moves the difference; a rejected
 * request's hold returns to the earnings, a paid one's leaves the platform. Each returns the
 * creator's available earnings after the movement.
 */
export async function holdPayout(tx: Transaction, performerId: string, requestId: string, amountCents: number) {
  const [available] = await post(tx, { kind: 'payout_request', referenceType: 'payout_request', referenceId: requestId }, [
    { ...earningsOf(performerId), amountCents: -amountCents },
    { ...payoutHoldOf(performerId), amountCents },
  ]);
  return available!;
}

export async function changePayoutHold(tx: Transaction, performerId: string, differenceCents: number) {
  // Each revision is its own movement of the hold.
  const [available] = await post(tx, { kind: 'payout_revision', referenceType: 'payout_revision', referenceId: randomUUID() }, [
    { ...earningsOf(performerId), amountCents: -differenceCents },
    { ...payoutHoldOf(performerId), amountCents: differenceCents },
  ]);
  return available!;
}

export async function releasePayoutHold(
  tx: Transaction,
  performerId: string,
  requestId: string,
  amountCents: number,
  outcome: 'rejected' | 'paid',
) {
  const [, available] = await post(tx, { kind: `payout_${outcome}`, referenceType: 'payout_request', referenceId: requestId }, [
    { ...payoutHoldOf(performerId), amountCents: -amountCents },
    outcome === 'paid' ? { ...platform('paid_out'), amountCents } : { ...earningsOf(performerId), amountCents },
  ]);
  return available!;
}
