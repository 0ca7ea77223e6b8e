import type { subscriptionQuerySchema } from '@limelight/contracts';
import { and, asc, count, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Transaction } from '../../db/client';
import { utcDay } from '../../db/day';
import { pageOf } from '../../db/paging';
import { paymentCards, paymentTransactions } from '../../db/read/payments';
import { performerProfiles, users } from '../../db/read/users';
import { subscriptionPeriods, subscriptions } from '../../db/schema/subscriptions';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../platform/admin-rows';
import { orderBy } from '../../platform/http';
import { listedNow, subscriptionGivesAccess } from '../access';

type SubscriptionValues = Omit<typeof subscriptions.$inferInsert, 'userId' | 'performerId'>;

/** One subscription by its id. */
export const subscriptionById = async (db: Queryable, id: string) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

/** The id of the fan's subscription to the creator (the one record per pair), if any. */
export async function subscriptionIdOf(db: Queryable, fanId: string, performerId: string) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, fanId), eq(subscriptions.performerId, performerId)));
  return row;
}

/**
 * Holds the fan-and-creator pair for the rest of the transaction and returns their subscription
 * (if any) as it is now: concurrent subscribe requests of one pair run one after the other from
 * here, so each sees what the one before it paid. A transaction lock on the pair's key works
 * before the pair has a row to lock.
 */
export async function lockPair(tx: Transaction, fanId: string, performerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscribe:${fanId}:${performerId}`}, 0))`);
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, fanId), eq(subscriptions.performerId, performerId)));
  return current;
}

/** The fan's subscription to the creator, locked for the transaction, if any. */
export async function lockSubscriptionOf(tx: Transaction, fanId: string, performerId: string) {
  const [current] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, fanId), eq(subscriptions.performerId, performerId)))
    .for('update');
  return current;
}

/** Writes the pair's subscription with these values, created with its first period; returns its row. */
export async function saveSubscriptionOf(tx: Transaction, fanId: string, performerId: string, values: SubscriptionValues) {
  const [subscription] = await tx
    .insert(subscriptions)
    .values({ userId: fanId, performerId, ...values })
    .onConflictDoUpdate({ target: [subscriptions.userId, subscriptions.performerId], set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return subscription!;
}

/** Takes a period's length off its subscription (never ending before now), which stops renewing. */
export const shortenByPeriod = (tx: Transaction, period: typeof subscriptionPeriods.$inferSelect) =>
  tx
    .update(subscriptions)
    .set({
      status: 'cancelled',
      nextRenewalAt: null,
      expiredAt: sql`greatest(now(), ${subscriptions.expiredAt} - (${period.endsAt}::timestamptz - ${period.startsAt}::timestamptz))`,
    })
    .where(eq(subscriptions.id, period.subscriptionId));

/** Cancels a subscription while it is active: its row, none when it was not (two cancels at once: one wins). */
export async function cancelIfActive(tx: Transaction, id: string) {
  const [cancelled] = await tx
    .update(subscriptions)
    .set({ status: 'cancelled', nextRenewalAt: null })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'active')))
    .returning();
  return cancelled;
}

/** Turns renewal back on at `nextRenewalAt` for a cancelled subscription still running; nothing otherwise. */
export const resumeIfCancelled = (tx: Transaction, id: string, nextRenewalAt: Date) =>
  tx
    .update(subscriptions)
    .set({ status: 'active', nextRenewalAt })
    .where(and(eq(subscriptions.id, id), eq(subscriptions.status, 'cancelled'), gt(subscriptions.expiredAt, sql`now()`)));

const sortColumns = { createdAt: subscriptions.createdAt, updatedAt: subscriptions.updatedAt, expiredAt: subscriptions.expiredAt };

/** One page of a fan's subscriptions (`user`) or a creator's subscribers (`performer`), filtered as asked, with the count. */
export function subscriptionsPage(
  db: Queryable,
  side: 'user' | 'performer',
  viewerId: string,
  query: z.output<typeof subscriptionQuerySchema>,
) {
  const conditions: SQL[] = [side === 'user' ? eq(subscriptions.userId, viewerId) : eq(subscriptions.performerId, viewerId)];
  if (query.status) conditions.push(eq(subscriptions.status, query.status));
  if (query.type) conditions.push(eq(subscriptions.type, query.type));
  if (query.performerId) conditions.push(eq(subscriptions.performerId, query.performerId));
  if (query.activeOnly === 'true') conditions.push(subscriptionGivesAccess()!);
  const where = and(...conditions);
  return pageOf(
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(...orderBy(sortColumns, query.sortBy, query.sort, subscriptions.id))
      .$dynamic(),
    query,
    db.$count(subscriptions, where),
  );
}

/**
 * None of the account's subscriptions renews any more, as the fan or as the creator; each keeps its
 * access until it expires, as after a fan's cancel. An admin suspended or banned the account
 * (decision 045), or its owner deleted it (`pendingToo`: one still waiting for its first payment
 * is cancelled as well).
 */
export async function stopRenewalsOf(tx: Queryable, userId: string, options: { pendingToo?: boolean } = {}) {
  const rows = await tx
    .update(subscriptions)
    .set({ status: 'cancelled', nextRenewalAt: null })
    .where(
      and(
        or(eq(subscriptions.userId, userId), eq(subscriptions.performerId, userId)),
        inArray(subscriptions.status, options.pendingToo ? ['active', 'created'] : ['active']),
      ),
    )
    .returning({ id: subscriptions.id });
  return rows.length;
}

/** A creator blocked a fan (decision 038): the fan's subscription to them renews no more. */
export async function stopRenewalBetween(tx: Queryable, fanId: string, creatorId: string) {
  await tx
    .update(subscriptions)
    .set({ status: 'cancelled', nextRenewalAt: null })
    .where(and(eq(subscriptions.userId, fanId), eq(subscriptions.performerId, creatorId), eq(subscriptions.status, 'active')));
}

/** Expires what ran out by `now` and is not renewing, or whose renewal is still unsettled at `unsettledSince`. */
export const expireRunOut = (db: Queryable, now: Date, unsettledSince: Date) =>
  db
    .update(subscriptions)
    .set({ status: 'expired', nextRenewalAt: null })
    .where(
      and(
        inArray(subscriptions.status, ['active', 'cancelled']),
        lte(subscriptions.expiredAt, now),
        or(isNull(subscriptions.nextRenewalAt), lte(subscriptions.nextRenewalAt, unsettledSince)),
      ),
    );

/** Up to `limit` active subscriptions due to renew by `now`, the longest waiting first: their ids and period ends. */
export const dueRenewals = (db: Queryable, now: Date, limit: number) =>
  db
    .select({ id: subscriptions.id, expiredAt: subscriptions.expiredAt })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), lte(subscriptions.nextRenewalAt, now), isNotNull(subscriptions.expiredAt)))
    .orderBy(asc(subscriptions.nextRenewalAt))
    .limit(limit);

/** Up to `limit` active free trials ending after `now` and by `until`: their ids and ends. */
export const endingTrials = (db: Queryable, now: Date, until: Date, limit: number) =>
  db
    .select({ id: subscriptions.id, expiredAt: subscriptions.expiredAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.type, 'free'),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.expiredAt, now),
        lte(subscriptions.expiredAt, until),
      ),
    )
    .limit(limit);

/** The subscription if it is still an active free trial. */
export async function activeTrial(tx: Transaction, id: string) {
  const [trial] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.type, 'free'), eq(subscriptions.status, 'active')));
  return trial;
}

/** The subscription if it still waits on renewing this very period (same end, still renewing), optionally locked. */
export function stillDue(db: Queryable, due: { subscriptionId: string; periodEnd: string }, lock = false) {
  const query = db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.id, due.subscriptionId),
        eq(subscriptions.status, 'active'),
        eq(subscriptions.expiredAt, new Date(due.periodEnd)),
        isNotNull(subscriptions.nextRenewalAt),
      ),
    );
  return (lock ? query.for('update') : query).then((rows) => rows[0]);
}

/** The subscription renews no more. */
export const stopRenewing = (tx: Transaction, id: string) =>
  tx.update(subscriptions).set({ nextRenewalAt: null }).where(eq(subscriptions.id, id));

/** Subscriptions giving access now: active and not expired. */
export async function activeSubscriptionCount(db: Queryable) {
  const [row] = await db
    .select({ total: count() })
    .from(subscriptions)
    .where(and(eq(subscriptions.status, 'active'), gt(subscriptions.expiredAt, sql`now()`)));
  return row?.total ?? 0;
}

/** Subscriptions that started each UTC day since `since`. */
export async function subscriptionsStartedByDay(db: Queryable, since: Date) {
  const day = utcDay(subscriptions.startedAt);
  return db.select({ date: day, count: count() }).from(subscriptions).where(gte(subscriptions.startedAt, since)).groupBy(day);
}

const until = sql`coalesce(', until ' || to_char(${subscriptions.expiredAt} at time zone 'UTC', 'YYYY-MM-DD'), '')`;

/** Subscriptions for the admin's console: the fan (owner), the creator (other), status, dates, price (decision 052). */
export const adminSubscriptionRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: subscriptions,
      select: {
        id: subscriptions.id,
        title: sql`${subscriptions.type} || coalesce(' via ' || ${subscriptions.gateway}, '') || ${until}`,
        status: subscriptions.status,
        ownerId: subscriptions.userId,
        otherId: subscriptions.performerId,
        amountCents: subscriptions.priceCents,
        count: nullValue,
        parentId: nullValue,
        parentType: subscriptions.type,
        createdAt: subscriptions.createdAt,
        updatedAt: subscriptions.updatedAt,
      },
      id: subscriptions.id,
      createdAt: subscriptions.createdAt,
      users: [subscriptions.userId, subscriptions.performerId],
      status: subscriptions.status,
      text: [subscriptions.type],
    },
    filters,
  );

/** Records one period of a subscription; returns its id. */
export async function insertPeriod(tx: Transaction, values: typeof subscriptionPeriods.$inferInsert) {
  const [row] = await tx.insert(subscriptionPeriods).values(values).returning({ id: subscriptionPeriods.id });
  return row!.id;
}

/** The period this card payment paid for. */
export async function periodPaidBy(tx: Transaction, paymentId: string) {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.paymentId, paymentId));
  return period;
}

/** The period this wallet charge paid for. */
export async function periodChargedBy(tx: Transaction, chargeId: string) {
  const [period] = await tx.select().from(subscriptionPeriods).where(eq(subscriptionPeriods.chargeId, chargeId));
  return period;
}

/** A user's whole account row. */
export async function accountOf(db: Queryable, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** A user's name, as a notice names them. */
export async function nameOf(db: Queryable, userId: string) {
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user;
}

/** A user's username, as a link to a creator's page names them. */
export async function usernameOf(db: Queryable, userId: string) {
  const [user] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return user;
}

/** A user's e-mail address. */
export async function emailOf(db: Queryable, userId: string) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user;
}

/** Where and how an e-mail reaches a user: their address, name and username. */
export async function contactOf(db: Queryable, userId: string) {
  const [user] = await db
    .select({ email: users.email, name: users.name, username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** `contactOf` several users at once, with their ids. */
export const contactsOf = (db: Queryable, userIds: string[]) =>
  db.select({ id: users.id, email: users.email, name: users.name, username: users.username }).from(users).where(inArray(users.id, userIds));

/** A creator's profile (their plans' prices), none for an account that is not a creator. */
export async function creatorProfileOf(db: Queryable, performerId: string) {
  const [creator] = await db
    .select({ id: performerProfiles.userId, profile: performerProfiles })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId));
  return creator;
}

/** A creator's profile and whether they may be paid now (`listedNow`, the access module's rule). */
export async function payableProfileOf(db: Queryable, performerId: string) {
  const [found] = await db
    .select({ profile: performerProfiles, payable: listedNow() })
    .from(performerProfiles)
    .where(eq(performerProfiles.userId, performerId));
  return found;
}

/** A subscription card payment of the pair still open (but `exceptPaymentId`), if any. */
export async function openPaymentOf(tx: Queryable, fanId: string, performerId: string, exceptPaymentId?: string) {
  const [pending] = await tx
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.userId, fanId),
        eq(paymentTransactions.performerId, performerId),
        eq(paymentTransactions.type, 'subscription'),
        inArray(paymentTransactions.status, ['created', 'processing', 'require_authentication']),
        exceptPaymentId ? ne(paymentTransactions.id, exceptPaymentId) : undefined,
      ),
    )
    .limit(1);
  return pending;
}

/** A card payment's status and why it failed, if it did. */
export async function paymentOutcomeOf(db: Queryable, paymentId: string) {
  const [payment] = await db
    .select({ status: paymentTransactions.status, reason: paymentTransactions.failureReason })
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, paymentId));
  return payment;
}

/** Whether the fan still keeps this saved card. */
export const cardStillSaved = async (db: Queryable, cardId: string) =>
  (await db.select({ id: paymentCards.id }).from(paymentCards).where(eq(paymentCards.id, cardId))).length > 0;
