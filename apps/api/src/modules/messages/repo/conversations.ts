import { DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import { and, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/client';
import { pageOf } from '../../../db/paging';
import { users } from '../../../db/read/users';
import { conversationMembers, conversations, messageFiles, messages } from '../../../db/schema/messages';
import type { SessionUser } from '../../../platform/auth';
import { escapeLike } from '../../../platform/http';
import { heldIdsOf, notHeld } from '../../access';

type UnseenColumns = Record<'unreadCount' | 'conversationId' | 'otherUserId' | 'lastReadAt', AnyPgColumn | SQL>;

/**
 * A member's unseen messages as they may read them: the stored count, less the unseen ones that
 * moderation holds (gone for them, decision 046; a restore brings them back). The held ones are
 * found through their sender's holds (an index range, rarely more than a few rows), then each
 * message by its key: no scan of the thread, whatever its length.
 */
export const unseenSql = (member: UnseenColumns) => sql<number>`greatest(${member.unreadCount} - (
    select count(*) from ${messages} held
    where held.id in ${heldIdsOf(member.otherUserId)} and held.conversation_id = ${member.conversationId} and not held.is_deleted
      and (${member.lastReadAt} is null or held.created_at > ${member.lastReadAt})
  ), 0)::int`;

/** A member's row with its unseen count as they may read it (`unseenSql`). */
const memberColumns = { ...getTableColumns(conversationMembers), unreadCount: unseenSql(conversationMembers) };

const memberView = (db: Queryable) =>
  db
    .select({ conversation: conversations, member: memberColumns, other: users })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(users, eq(users.id, conversationMembers.otherUserId));

/**
 * A conversation's row for one member, with the other member, if they are in it. `lock` holds
 * the conversation until the transaction ends.
 */
export async function memberViewOf(db: Queryable, readerId: string, conversationId: string, lock: boolean) {
  const query = memberView(db).where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, readerId)));
  const [row] = await (lock ? query.for('update', { of: conversations }) : query);
  return row;
}

/**
 * One page of the reader's conversations, latest activity first (index-backed), optionally by
 * the other member's name or username, and their total. One opened but still empty shows only
 * to whoever opened it.
 */
export function pageOfConversations(db: Queryable, readerId: string, query: { offset: number; limit: number; keyword?: string }) {
  const pattern = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  const where = and(
    eq(conversationMembers.userId, readerId),
    or(isNotNull(conversations.lastMessageAt), eq(conversations.startedBy, readerId)),
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern)) : undefined,
  );
  return pageOf(
    memberView(db).where(where).orderBy(desc(conversationMembers.lastActivityAt), desc(conversationMembers.conversationId)).$dynamic(),
    query,
    db
      .select({ value: count() })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(users, eq(users.id, conversationMembers.otherUserId))
      .where(where)
      .then(([row]) => row?.value ?? 0),
  );
}

/** The newest message of a conversation the reader may read (not held from them), as the list previews it. */
export async function newestShownMessage(db: Queryable, reader: SessionUser, conversationId: string) {
  const [shown] = await db
    .select({
      text: messages.text,
      isDeleted: messages.isDeleted,
      fileCount: sql<number>`(select count(*)::int from ${messageFiles} where ${messageFiles.messageId} = ${messages.id})`,
    })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), notHeld(reader, messages.id, messages.senderId)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return shown;
}

/** The pair's conversation, by its key, if it was opened. */
export async function conversationIdByPairKey(db: Queryable, pairKey: string) {
  const [existing] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, pairKey));
  return existing;
}

/** Opens the pair's conversation and both members' rows, in the caller's transaction: its id. */
export async function insertPairConversation(tx: Queryable, pairKey: string, openerId: string, otherId: string) {
  const [created] = await tx.insert(conversations).values({ pairKey, startedBy: openerId }).returning({ id: conversations.id });
  await tx.insert(conversationMembers).values([
    { conversationId: created!.id, userId: openerId, otherUserId: otherId },
    { conversationId: created!.id, userId: otherId, otherUserId: openerId },
  ]);
  return created!.id;
}

/** Each recipient's conversation with the creator, opened where there is none yet (by the creator). */
export async function conversationsWith(tx: Queryable, performerId: string, recipientIds: string[]) {
  const keyOf = (id: string) => (id < performerId ? `${id}:${performerId}` : `${performerId}:${id}`);
  await tx
    .insert(conversations)
    .values(recipientIds.map((id) => ({ pairKey: keyOf(id), startedBy: performerId })))
    .onConflictDoNothing({ target: conversations.pairKey });
  const rows = await tx
    .select({ id: conversations.id, pairKey: conversations.pairKey })
    .from(conversations)
    .where(inArray(conversations.pairKey, recipientIds.map(keyOf)));
  const byKey = new Map(rows.map((row) => [row.pairKey, row.id]));
  const result = new Map(recipientIds.map((id) => [id, byKey.get(keyOf(id))!]));
  await tx
    .insert(conversationMembers)
    .values(
      [...result].flatMap(([fanId, conversationId]) => [
        { conversationId, userId: fanId, otherUserId: performerId },
        { conversationId, userId: performerId, otherUserId: fanId },
      ]),
    )
    .onConflictDoNothing();
  return result;
}

/**
 * The chat room of a live session or a private show, keyed by it (`stream:<id>`,
 * `private-show:<id>`), opened in the caller's transaction; answers its id.
 */
export async function openRoomConversation(tx: Queryable, room: { type: 'stream' | 'private_show'; pairKey: string; startedBy: string }) {
  const [conversation] = await tx.insert(conversations).values(room).returning({ id: conversations.id });
  return conversation!.id;
}

/**
 * Locks several conversations, in id order, before a write that spans them (a mass message's
 * batch, its unsending): the same order as everyone else's, conversation before members, so two
 * such writes, or one and a member's send, queue rather than deadlock.
 */
export async function lockConversations(tx: Queryable, ids: string[]) {
  if (ids.length)
    await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(inArray(conversations.id, ids))
      .orderBy(conversations.id)
      .for('update');
}

/** The unseen totals of several users at once (a mass message's batch). */
export async function unreadTotals(db: Queryable, userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({ userId: conversationMembers.userId, total: sql<number>`coalesce(sum(${unseenSql(conversationMembers)}), 0)::int` })
    .from(conversationMembers)
    .where(inArray(conversationMembers.userId, userIds))
    .groupBy(conversationMembers.userId);
  return new Map(rows.map((row) => [row.userId, row.total]));
}

/** The reader has seen everything in the conversation: no unseen left, and read up to `readAt` when given. */
export const markConversationRead = (db: Queryable, conversationId: string, readerId: string, readAt: Date | undefined) =>
  db
    .update(conversationMembers)
    .set({ unreadCount: 0, ...(readAt ? { lastReadAt: readAt } : {}) })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, readerId)));

/** One unseen message fewer for the member, unless they had read past `sentAt` already. */
export const uncountUnseen = (tx: Queryable, conversationId: string, memberId: string, sentAt: Date) =>
  tx
    .update(conversationMembers)
    .set({ unreadCount: sql`greatest(${conversationMembers.unreadCount} - 1, 0)` })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.userId, memberId),
        sql`(${conversationMembers.lastReadAt} is null or ${conversationMembers.lastReadAt} < ${sentAt})`,
      ),
    );

/** The conversation's last message reads "Message deleted!" in the list. */
export const markLastMessageDeleted = (tx: Queryable, conversationId: string) =>
  tx.update(conversations).set({ lastMessageText: DELETED_MESSAGE_TEXT }).where(eq(conversations.id, conversationId));

/** The other member of a conversation, if `userId` is in it. */
export async function otherMemberOf(db: Queryable, conversationId: string, userId: string) {
  const [member] = await db
    .select({ otherUserId: conversationMembers.otherUserId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)));
  return member;
}

/** The members of a conversation. */
export const membersOf = (db: Queryable, conversationId: string) =>
  db.select({ userId: conversationMembers.userId }).from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId));

/** The members of a conversation but `userId`. */
export const membersBut = (db: Queryable, conversationId: string, userId: string) =>
  db
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), ne(conversationMembers.userId, userId)));

/** Who in each of these conversations is not the sender: the recipients of one sender's copies. */
export const recipientsIn = (db: Queryable, conversationIds: string[], senderId: string) =>
  db
    .select({ conversationId: conversationMembers.conversationId, userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(and(inArray(conversationMembers.conversationId, conversationIds), ne(conversationMembers.userId, senderId)));

/** When the other member of each of these conversations last read it. */
export const othersReadAt = (db: Queryable, conversationIds: string[], readerId: string) =>
  db
    .select({ conversationId: conversationMembers.conversationId, lastReadAt: conversationMembers.lastReadAt })
    .from(conversationMembers)
    .where(and(inArray(conversationMembers.conversationId, conversationIds), ne(conversationMembers.userId, readerId)));
