import type { privateRequestQuerySchema } from '@limelight/contracts';
import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { privateShowRequests } from '../../../db/schema/streaming';

type RequestRow = typeof privateShowRequests.$inferSelect;
export type EndReason = NonNullable<RequestRow['endedReason']>;

/** A private show request by id. */
export async function showById(db: Queryable, id: string) {
  const [row] = await db.select().from(privateShowRequests).where(eq(privateShowRequests.id, id));
  return row;
}

/** Inserts a private show request and returns its row. */
export async function insertShowRequest(tx: Queryable, values: typeof privateShowRequests.$inferInsert) {
  const [created] = await tx.insert(privateShowRequests).values(values).returning();
  return created!;
}

/** One page of the requests to a creator (`performer`) or of a fan, of one status if asked, by creation time, with the count. */
export function showRequestsPage(
  db: Queryable,
  party: 'performer' | 'fan',
  accountId: string,
  query: z.output<typeof privateRequestQuerySchema>,
) {
  const conditions: SQL[] = [
    party === 'performer' ? eq(privateShowRequests.performerId, accountId) : eq(privateShowRequests.userId, accountId),
  ];
  if (query.status) conditions.push(eq(privateShowRequests.status, query.status));
  const where = and(...conditions);
  return pageOf(
    db
      .select()
      .from(privateShowRequests)
      .where(where)
      .orderBy(query.sort === 'asc' ? privateShowRequests.createdAt : desc(privateShowRequests.createdAt), privateShowRequests.id)
      .$dynamic(),
    query,
    db.$count(privateShowRequests, where),
  );
}

/** Moves a request from the state it was read in to its answer; none when it was answered meanwhile. */
export async function answerShowRequest(db: Queryable, id: string, from: RequestRow['status'], to: RequestRow['status']) {
  const [updated] = await db
    .update(privateShowRequests)
    .set({ status: to, respondedAt: new Date() })
    .where(and(eq(privateShowRequests.id, id), eq(privateShowRequests.status, from)))
    .returning();
  return updated;
}

/** The shows `where` picks that are still accepted or live end now, each once; answers the rows it ended. */
const endShowsWhere = (db: Queryable, where: SQL | undefined, reason: EndReason) =>
  db
    .update(privateShowRequests)
    .set({ status: 'ended', endedReason: reason, endedAt: new Date() })
    .where(and(where, inArray(privateShowRequests.status, ['accepted', 'live'])))
    .returning();

/** Ends this show if still accepted or live; answers the row it ended. */
export const endShow = (db: Queryable, id: string, reason: EndReason) => endShowsWhere(db, eq(privateShowRequests.id, id), reason);

/** Ends the fan's shows still accepted or live; answers the rows it ended. */
export const endShowsOfFan = (db: Queryable, fanId: string, reason: EndReason) =>
  endShowsWhere(db, eq(privateShowRequests.userId, fanId), reason);

/** Ends the creator's shows still accepted or live; answers the rows it ended. */
export const endShowsOfCreator = (db: Queryable, performerId: string, reason: EndReason) =>
  endShowsWhere(db, eq(privateShowRequests.performerId, performerId), reason);

/** Cancels the account's pending and accepted requests, as fan or as creator; answers the rows it cancelled. */
export function cancelOpenRequestsOf(tx: Queryable, accountId: string) {
  const party = or(eq(privateShowRequests.userId, accountId), eq(privateShowRequests.performerId, accountId));
  return tx
    .update(privateShowRequests)
    .set({ status: 'cancelled', respondedAt: new Date() })
    .where(and(party, inArray(privateShowRequests.status, ['pending', 'accepted'])))
    .returning();
}

/** An accepted show goes live now, once; answers its row, none when it was not accepted. */
export async function startAcceptedShow(tx: Queryable, showId: string) {
  const [row] = await tx
    .update(privateShowRequests)
    .set({ status: 'live', startedAt: new Date() })
    .where(and(eq(privateShowRequests.id, showId), eq(privateShowRequests.status, 'accepted')))
    .returning();
  return row;
}

/** Holds the show's row for the rest of the transaction: its state and the minutes charged. */
export async function lockShowMinutes(tx: Queryable, showId: string) {
  const [row] = await tx
    .select({ status: privateShowRequests.status, minutesCharged: privateShowRequests.minutesCharged })
    .from(privateShowRequests)
    .where(eq(privateShowRequests.id, showId))
    .for('update');
  return row;
}

/** Records that the show's minutes up to `minute` are charged. */
export async function setMinutesCharged(tx: Queryable, showId: string, minute: number) {
  await tx.update(privateShowRequests).set({ minutesCharged: minute }).where(eq(privateShowRequests.id, showId));
}

/** The ids of every show still accepted or live. */
export const openShowIds = (db: Queryable) =>
  db
    .select({ id: privateShowRequests.id })
    .from(privateShowRequests)
    .where(inArray(privateShowRequests.status, ['accepted', 'live']));
