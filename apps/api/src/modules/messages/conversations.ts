import { type Conversation, DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import { and, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { pageOf } from '../../db/paging';
import { users } from '../../db/read/users';
import { conversationMembers, conversations, messageFiles, messages } from '../../db/schema/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { escapeLike, uniqueViolation } from '../../platform/http';
import { assertMayStartConversation, blockedPairs, heldIdsOf, holdsOn, notHeld } from '../access';
import { toPublicUser } from '../users';
import { summaryOf } from './present';

/** The pair's key: the two ids in order, so either may open the one conversation. */
const pairKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export type MemberRow = typeof conversationMembers.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MemberViewRow = { conversation: ConversationRow; member: MemberRow; other: typeof users.$inferSelect };

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

/** Conversations as their reader sees them: a blocked pair's is deactivated, saying why (one query for a page). */
export async function presentConversations(db: Queryable, reader: SessionUser, rows: MemberViewRow[]): Promise<Conversation[]> {
  const [blocked, previews] = await Promise.all([
    blockedPairs(
      db,
      reader,
      rows.map((row) => row.other.id),
    ),
    previewsPastHeld(
      db,
      reader,
      rows.map((row) => row.conversation),
    ),
  ]);
  return rows.map((row) => {
    const view = conversationView(row, blocked.get(row.other.id));
    return previews.has(view._id) ? { ...view, lastMessage: previews.get(view._id) ?? null } : view;
  });
}

/**
 * A last message hidden by moderation (decision 046) is not previewed to the other member: the
 * newest one they may read is, instead. One lookup for the page, and one per such conversation (rare).
 */
async function previewsPastHeld(db: Queryable, reader: SessionUser, rows: ConversationRow[]) {
  const previews = new Map<string, string | null>();
  const candidates = rows.filter((row) => row.lastMessageId && row.lastSenderId !== reader.id);
  const held = await holdsOn(
    db,
    candidates.map((row) => row.lastMessageId!),
  );
  for (const row of candidates.filter((candidate) => held.has(candidate.lastMessageId!))) {
    const [shown] = await db
      .select({
        text: messages.text,
        isDeleted: messages.isDeleted,
        fileCount: sql<number>`(select count(*)::int from ${messageFiles} where ${messageFiles.messageId} = ${messages.id})`,
      })
      .from(messages)
      .where(and(eq(messages.conversationId, row.id), notHeld(reader, messages.id, messages.senderId)))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(1);
    previews.set(row.id, !shown ? null : shown.isDeleted ? DELETED_MESSAGE_TEXT : summaryOf(shown.text, shown.fileCount));
  }
  return previews;
}

/** One conversation as its member sees it, given whether the pair is blocked (`blockReason`). */
export function conversationView({ conversation, member, other }: MemberViewRow, blockReason: string | undefined): Conversation {
  const reason = blockReason ?? (other.status !== 'active' ? 'This account is no longer active' : null);
  return {
    _id: conversation.id,
    type: 'private',
    recipientInfo: toPublicUser(other),
    // Across a block neither sees whether the other is online.
    recipientPresence: blockReason
      ? { isOnline: false, lastSeenAt: null }
      : { isOnline: other.isOnline, lastSeenAt: other.onlineAt?.toISOString() ?? null },
    lastMessage: conversation.lastMessageText,
    lastMessageCreatedAt: conversation.lastMessageAt?.toISOString() ?? null,
    lastSenderId: conversation.lastSenderId,
    totalNotSeenMessages: member.unreadCount,
    status: reason ? 'deactivated' : 'active',
    deactivatedReason: reason,
    createdAt: conversation.createdAt.toISOString(),
    updatedAt: conversation.updatedAt.toISOString(),
  };
}

/**
 * A conversation's row for one member (404 when they are not in it). `lock` holds the
 * conversation until the transaction ends: writes to a conversation take it first, then its
 * members' rows, so two members writing at once queue rather than deadlock.
 */
export async function membership(db: Queryable, reader: SessionUser, conversationId: string, lock = false): Promise<MemberViewRow> {
  const query = memberView(db).where(
    and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, reader.id)),
  );
  const [row] = await (lock ? query.for('update', { of: conversations }) : query);
  if (!row) throw notFound('Conversation');
  return row;
}

/**
 * `POST /conversations`: the pair's conversation, made on first use. Two people opening it at
 * once get the same one: the pair key is unique, and the loser of the race reads the winner's.
 */
export async function openConversation(deps: Deps, opener: SessionUser, otherId: string): Promise<Conversation> {
  const key = pairKeyOf(opener.id, otherId);
  const [existing] = await deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, key));
  if (existing) return conversationFor(deps, opener, existing.id);
  await assertMayStartConversation(deps.db, opener, otherId);
  const id = await deps.db
    .transaction(async (tx) => {
      const [created] = await tx.insert(conversations).values({ pairKey: key, startedBy: opener.id }).returning({ id: conversations.id });
      await tx.insert(conversationMembers).values([
        { conversationId: created!.id, userId: opener.id, otherUserId: otherId },
        { conversationId: created!.id, userId: otherId, otherUserId: opener.id },
      ]);
      return created!.id;
    })
    .catch(async (error: unknown) => {
      if (!uniqueViolation(error)) throw error;
      const [winner] = await deps.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.pairKey, key));
      return winner!.id;
    });
  return conversationFor(deps, opener, id);
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

export async function conversationFor(deps: Deps, reader: SessionUser, conversationId: string): Promise<Conversation> {
  return (await presentConversations(deps.db, reader, [await membership(deps.db, reader, conversationId)]))[0]!;
}

/**
 * The reader's conversations, latest activity first (index-backed), optionally by the other
 * member's name or username. One opened but still empty shows only to whoever opened it.
 */
export async function listConversations(deps: Deps, reader: SessionUser, query: { offset: number; limit: number; keyword?: string }) {
  const pattern = query.keyword ? `%${escapeLike(query.keyword)}%` : undefined;
  const where = and(
    eq(conversationMembers.userId, reader.id),
    or(isNotNull(conversations.lastMessageAt), eq(conversations.startedBy, reader.id)),
    pattern ? or(ilike(users.name, pattern), ilike(users.username, pattern)) : undefined,
  );
  const { rows, total } = await pageOf(
    memberView(deps.db).where(where).orderBy(desc(conversationMembers.lastActivityAt), desc(conversationMembers.conversationId)).$dynamic(),
    query,
    deps.db
      .select({ value: count() })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(users, eq(users.id, conversationMembers.otherUserId))
      .where(where)
      .then(([row]) => row?.value ?? 0),
  );
  return { data: await presentConversations(deps.db, reader, rows), total };
}

/** `GET /messages/total-unread-messages`: the reader's unseen messages over every conversation. */
export async function unreadTotal(db: Queryable, userId: string): Promise<number> {
  return (await unreadTotals(db, [userId])).get(userId) ?? 0;
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

/**
 * The chat room of a live session or a private show, keyed by it (`stream:<id>`,
 * `private-show:<id>`), opened in the caller's transaction; answers its id.
 */
export async function openRoomConversation(tx: Queryable, room: { type: 'stream' | 'private_show'; pairKey: string; startedBy: string }) {
  const [conversation] = await tx.insert(conversations).values(room).returning({ id: conversations.id });
  return conversation!.id;
}
