import { DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import { and, asc, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { purchasedItems, walletCharges } from '../../../db/read/money';
import { users } from '../../../db/read/users';
import { conversationMembers, conversations, massMessages, messages } from '../../../db/schema/messages';
import { type FanAudience, fansOf } from '../../access';
import { filesOfMassMessages } from './files';

type MassRow = typeof massMessages.$inferSelect;

/** How many fans of this audience the creator has. */
export async function audienceSize(tx: Queryable, performerId: string, audience: FanAudience) {
  const [row] = await tx.select({ total: count() }).from(users).where(fansOf(performerId, audience));
  return row?.total ?? 0;
}

/** Records a mass message, to be delivered: its id. */
export async function insertMassMessage(tx: Queryable, values: typeof massMessages.$inferInsert) {
  const [row] = await tx.insert(massMessages).values(values).returning({ id: massMessages.id });
  return row!.id;
}

/** A mass message, locked until the transaction ends. */
export async function lockedMassMessage(tx: Queryable, id: string) {
  const [mass] = await tx.select().from(massMessages).where(eq(massMessages.id, id)).for('update');
  return mass;
}

/** The creator's own mass message, locked until the transaction ends. */
export async function lockedOwnMassMessage(tx: Queryable, id: string, performerId: string) {
  const [mass] = await tx
    .select()
    .from(massMessages)
    .where(and(eq(massMessages.id, id), eq(massMessages.performerId, performerId)))
    .for('update');
  return mass;
}

/** The creator's own mass message. */
export async function ownMassMessage(db: Queryable, id: string, performerId: string) {
  const [row] = await db
    .select()
    .from(massMessages)
    .where(and(eq(massMessages.id, id), eq(massMessages.performerId, performerId)));
  return row;
}

/** A mass message's new status. */
export const setMassMessageStatus = (tx: Queryable, id: string, status: 'sent' | 'unsent') =>
  tx.update(massMessages).set({ status }).where(eq(massMessages.id, id));

/** The next recipients after the mass message's cursor, in id order. */
export const recipientsAfter = (db: Queryable, mass: MassRow, limit: number) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(and(fansOf(mass.performerId, mass.audience), mass.cursor ? gt(users.id, mass.cursor) : undefined))
    .orderBy(asc(users.id))
    .limit(limit);

/** A copy of the mass message in each conversation that has none yet: the copies written. */
export const insertMassCopies = (tx: Queryable, mass: MassRow, conversationIds: string[], now: Date) =>
  tx
    .insert(messages)
    .values(
      conversationIds.map((conversationId) => ({
        conversationId,
        senderId: mass.performerId,
        text: mass.text,
        priceCents: mass.priceCents,
        massMessageId: mass.id,
        createdAt: now,
      })),
    )
    .onConflictDoNothing({ target: [messages.massMessageId, messages.conversationId] })
    .returning();

/** The mass message's copy becomes the last message of each conversation it reached. */
export const setMassCopyLast = (tx: Queryable, mass: MassRow, reached: string[], summary: string, now: Date) =>
  tx
    .update(conversations)
    .set({
      lastMessageText: summary,
      lastMessageAt: now,
      lastSenderId: mass.performerId,
      lastMessageId: sql`(
          select ${messages.id} from ${messages} where ${messages.conversationId} = ${conversations.id} and ${messages.massMessageId} = ${mass.id})`,
    })
    .where(inArray(conversations.id, reached));

/** The members of the conversations a mass message's copies reached count them. */
export const countMassCopy = (tx: Queryable, performerId: string, reached: string[], now: Date) =>
  tx
    .update(conversationMembers)
    // Each fan has one more unseen. The creator has not read these conversations by writing
    // to them all at once: their side keeps its own count and read mark.
    .set({
      lastActivityAt: now,
      unreadCount: sql`case when ${conversationMembers.userId} = ${performerId} then ${conversationMembers.unreadCount} else ${conversationMembers.unreadCount} + 1 end`,
    })
    .where(inArray(conversationMembers.conversationId, reached));

/** The creator's name, as their paid mass message's notice says it. */
export async function creatorName(tx: Queryable, performerId: string) {
  const [creator] = await tx.select({ name: users.name }).from(users).where(eq(users.id, performerId));
  return creator?.name;
}

/** Moves the mass message's cursor past a delivered batch, counting its copies. */
export const advanceMassCursor = (tx: Queryable, id: string, cursor: string, delivered: number) =>
  tx
    .update(massMessages)
    .set({ cursor, deliveredCount: sql`${massMessages.deliveredCount} + ${delivered}` })
    .where(eq(massMessages.id, id));

/** The conversations a mass message's copies are in. */
export const massCopyConversations = (tx: Queryable, id: string) =>
  tx.select({ id: messages.conversationId }).from(messages).where(eq(messages.massMessageId, id));

/** The mass message's copies not yet read, and not deleted, stop counting as unseen. */
export const uncountMassCopies = (tx: Queryable, id: string, performerId: string) =>
  tx.execute(sql`
      update ${conversationMembers} set unread_count = greatest(${conversationMembers.unreadCount} - 1, 0)
      from ${messages}
      where ${messages.massMessageId} = ${id} and not ${messages.isDeleted}
        and ${conversationMembers.conversationId} = ${messages.conversationId} and ${conversationMembers.userId} <> ${performerId}
        and (${conversationMembers.lastReadAt} is null or ${conversationMembers.lastReadAt} < ${messages.createdAt})`);

/** Marks every copy of the mass message deleted: the copies. */
export const markMassCopiesDeleted = (tx: Queryable, id: string) =>
  tx.update(messages).set({ isDeleted: true }).where(eq(messages.massMessageId, id)).returning();

/** The conversations whose last message is one of these read "Message deleted!" in the list. */
export const markLastMessagesDeleted = (tx: Queryable, messageIds: string[]) =>
  tx.update(conversations).set({ lastMessageText: DELETED_MESSAGE_TEXT }).where(inArray(conversations.lastMessageId, messageIds));

/** One page of the creator's mass messages, newest first, and their total. */
export function pageOfMassMessages(db: Queryable, performerId: string, page: { offset: number; limit: number }) {
  const where = eq(massMessages.performerId, performerId);
  return pageOf(
    db.select().from(massMessages).where(where).orderBy(desc(massMessages.createdAt)).$dynamic(),
    page,
    db.$count(massMessages, where),
  );
}

/** What a page of mass messages shows, in four grouped queries read in parallel: files, copies seen, copies bought, revenue. */
export function filesAndResultsOf(db: Queryable, ids: string[]) {
  const copyIds = db.select({ id: messages.id }).from(messages).where(inArray(messages.massMessageId, ids));
  return Promise.all([
    filesOfMassMessages(db, ids),
    db
      .select({ massMessageId: messages.massMessageId, n: count() })
      .from(messages)
      .innerJoin(
        conversationMembers,
        and(eq(conversationMembers.conversationId, messages.conversationId), ne(conversationMembers.userId, messages.senderId)),
      )
      .where(and(inArray(messages.massMessageId, ids), sql`${conversationMembers.lastReadAt} >= ${messages.createdAt}`))
      .groupBy(messages.massMessageId),
    db
      .select({ massMessageId: messages.massMessageId, n: count() })
      .from(purchasedItems)
      .innerJoin(messages, eq(messages.id, purchasedItems.itemId))
      .where(and(eq(purchasedItems.itemType, 'message'), inArray(purchasedItems.itemId, copyIds)))
      .groupBy(messages.massMessageId),
    db
      .select({ massMessageId: messages.massMessageId, cents: sql<number>`coalesce(sum(${walletCharges.grossCents}), 0)::bigint` })
      .from(walletCharges)
      .innerJoin(messages, eq(messages.id, walletCharges.itemId))
      .where(and(eq(walletCharges.type, 'message'), eq(walletCharges.status, 'success'), inArray(walletCharges.itemId, copyIds)))
      .groupBy(messages.massMessageId),
  ]);
}
