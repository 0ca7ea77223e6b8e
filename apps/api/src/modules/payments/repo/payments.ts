import type { PaymentStatus, transactionQuerySchema } from '@limelight/contracts';
import { and, desc, eq, exists, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { paymentAttempts, paymentRefunds, paymentTransactions } from '../../../db/schema/payments';
import { orderBy } from '../../../platform/http';
import type { ChargeOutcome } from '../../../platform/payments/gateway';

type NewPayment = typeof paymentTransactions.$inferInsert;

/** Adds a card payment. */
export async function insertPayment(tx: Queryable, values: NewPayment) {
  await tx.insert(paymentTransactions).values(values);
}

/** A payment by id, if there is one. */
export async function paymentById(db: Queryable, id: string) {
  const [payment] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
  return payment;
}

/** A payment, only if it is `userId`'s when one is given. */
export async function paymentOf(db: Queryable, id: string, userId: string | undefined) {
  const [payment] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), userId === undefined ? undefined : eq(paymentTransactions.userId, userId)));
  return payment;
}

/** A sandbox payment of this fan, if it is one. */
export async function sandboxPaymentOf(db: Queryable, id: string, userId: string) {
  const [payment] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.userId, userId), eq(paymentTransactions.gateway, 'sandbox')));
  return payment;
}

const sortColumns = {
  createdAt: paymentTransactions.createdAt,
  updatedAt: paymentTransactions.updatedAt,
  amount: paymentTransactions.amountCents,
};

/** One page of payments of the type and status asked for, one fan's when `userId` is given, with the count. */
export function paymentsPage(db: Queryable, query: z.output<typeof transactionQuerySchema>, userId?: string) {
  const conditions: SQL[] = [];
  if (userId) conditions.push(eq(paymentTransactions.userId, userId));
  if (query.type) conditions.push(eq(paymentTransactions.type, query.type));
  if (query.status) conditions.push(eq(paymentTransactions.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  return pageOf(
    db
      .select()
      .from(paymentTransactions)
      .where(where)
      .orderBy(...orderBy(sortColumns, query.sortBy, query.sort, paymentTransactions.id))
      .$dynamic(),
    query,
    db.$count(paymentTransactions, where),
  );
}

/** Our Stripe payment an event speaks of; none when it is not one of ours. */
async function stripePayment(db: Queryable, which: SQL) {
  const [payment] = await db
    .select({ id: paymentTransactions.id, type: paymentTransactions.type, amountCents: paymentTransactions.amountCents })
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.gateway, 'stripe'), which));
  return payment;
}

/** Our Stripe payment by its id (a payment intent's metadata names it). */
export const stripePaymentById = (db: Queryable, paymentId: string) => stripePayment(db, eq(paymentTransactions.id, paymentId));

/** Our Stripe payment of a payment intent: any attempt's intent names the payment, also one whose answer never reached us. */
export const stripePaymentOfIntent = (db: Queryable, intentId: string) =>
  stripePayment(
    db,
    or(
      eq(paymentTransactions.gatewayRef, intentId),
      exists(
        db
          .select()
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.paymentId, paymentTransactions.id), eq(paymentAttempts.gatewayRef, intentId))),
      ),
    )!,
  );

/** The payment's newest attempt, if any. */
export async function lastAttempt(db: Queryable, paymentId: string) {
  const [last] = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.paymentId, paymentId))
    .orderBy(desc(paymentAttempts.number))
    .limit(1);
  return last;
}

/**
 * A call out longer than this was made by a process that died with it (a gateway call, the SDK's
 * own retries included, gives up well before: 3 tries of 20 s); its outcome is unknown.
 */
const ABANDONED_CALL_MS = 90_000;

/** Claims an attempt to send again, while its outcome is unknown or its call was abandoned; undefined while a call is out. */
export async function claimAttemptAgain(db: Queryable, attemptId: string) {
  const [resent] = await db
    .update(paymentAttempts)
    .set({ state: 'sending' })
    .where(
      and(
        eq(paymentAttempts.id, attemptId),
        or(
          eq(paymentAttempts.state, 'unknown'),
          and(
            eq(paymentAttempts.state, 'sending'),
            lt(paymentAttempts.updatedAt, sql`now() - make_interval(secs => ${ABANDONED_CALL_MS / 1000})`),
          ),
        ),
      ),
    )
    .returning();
  return resent;
}

/** Opens the payment's attempt of this number, with its own gateway idempotency key; undefined when another process did. */
export async function openAttemptNumber(db: Queryable, paymentId: string, number: number) {
  const [opened] = await db
    .insert(paymentAttempts)
    .values({ paymentId, number, idempotencyKey: `${paymentId}:${number}` })
    .onConflictDoNothing()
    .returning();
  return opened;
}

/** The attempt's call got no answer: its outcome is unknown. */
export async function markAttemptUnknown(db: Queryable, attemptId: string, error: string) {
  await db.update(paymentAttempts).set({ state: 'unknown', error }).where(eq(paymentAttempts.id, attemptId));
}

/** Records the gateway's answer on the attempt. */
export async function recordAttemptOutcome(db: Queryable, attemptId: string, state: ChargeOutcome['status'], gatewayRef: string) {
  await db.update(paymentAttempts).set({ state, gatewayRef, error: null }).where(eq(paymentAttempts.id, attemptId));
}

/** States a payment may still leave; success, fail, canceled and refunded are final here. */
const open: PaymentStatus[] = ['created', 'processing', 'require_authentication'];

/** Gives a payment still open the gateway's outcome: the payment, if it was open. */
export async function settleOpenPayment(tx: Queryable, paymentId: string, outcome: ChargeOutcome, gatewayRef?: string) {
  const [payment] = await tx
    .update(paymentTransactions)
    .set({
      status: outcome.status,
      // The attempt that settles it is the one a refund gives back.
      ...(gatewayRef ? { gatewayRef } : {}),
      failureReason: 'reason' in outcome ? outcome.reason : null,
      ...('clientSecret' in outcome && outcome.clientSecret ? { clientSecret: outcome.clientSecret } : {}),
    })
    .where(and(eq(paymentTransactions.id, paymentId), inArray(paymentTransactions.status, open)))
    .returning();
  return payment;
}

/** A successful (or already refunded) payment, locked for the transaction that refunds it. */
export async function lockRefundablePayment(tx: Queryable, paymentId: string) {
  const [payment] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, paymentId), inArray(paymentTransactions.status, ['success', 'refunded'])))
    .for('update');
  return payment;
}

/** Marks a payment refunded, `refundedCents` of it in all, returning it. */
export async function markPaymentRefunded(tx: Queryable, paymentId: string, refundedCents: number) {
  const [payment] = await tx
    .update(paymentTransactions)
    .set({ status: 'refunded', refundedCents })
    .where(eq(paymentTransactions.id, paymentId))
    .returning();
  return payment!;
}

/** Records one amount given back to the card: its id. */
export async function insertPaymentRefund(tx: Queryable, paymentId: string, amountCents: number) {
  const [refund] = await tx.insert(paymentRefunds).values({ paymentId, amountCents }).returning({ id: paymentRefunds.id });
  return refund!.id;
}

/** A failed or canceled payment is processing again, returned; undefined when it was in another state. */
export async function reopenFailedPayment(tx: Queryable, id: string) {
  const [row] = await tx
    .update(paymentTransactions)
    .set({ status: 'processing', failureReason: null })
    .where(and(eq(paymentTransactions.id, id), inArray(paymentTransactions.status, ['fail', 'canceled'])))
    .returning();
  return row;
}

/** Names the wallet charge a card purchase booked. */
export async function setPurchaseCharge(tx: Queryable, paymentId: string, chargeId: string) {
  await tx.update(paymentTransactions).set({ chargeId }).where(eq(paymentTransactions.id, paymentId));
}

/** Records why a card purchase could not be booked. */
export async function setPurchaseProblem(tx: Queryable, paymentId: string, problem: string) {
  await tx.update(paymentTransactions).set({ purchaseProblem: problem }).where(eq(paymentTransactions.id, paymentId));
}
