import { type Conversation, DELETED_MESSAGE_TEXT } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { users } from '../../db/read/users';
import type { conversationMembers, conversations } from '../../db/schema/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { assertMayStartConversation, blockedPairs, holdsOn } from '../access';
import { toPublicUser } from '../users';
import { summaryOf } from './present';
import {
  conversationIdByPairKey,
  insertPairConversation,
  memberViewOf,
  newestShownMessage,
  pageOfConversations,
  unreadTotals,
} from './repo/conversations';

/** The pair's key: the two ids in order, so either may open the one conversation. */
const pairKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export type MemberRow = typeof conversationMembers.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type MemberViewRow = { conversation: ConversationRow; member: MemberRow; other: typeof users.$inferSelect };

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
    const shown = await newestShownMessage(db, reader, row.id);
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
  const row = await memberViewOf(db, reader.id, conversationId, lock);
  if (!row) throw notFound('Conversation');
  return row;
}

/**
 * `POST /conversations`: the pair's conversation, made on first use. Two people opening it at
 * once get the same one: the pair key is unique, and the loser of the race reads the winner's.
 */
export async function openConversation(deps: Deps, opener: SessionUser, otherId: string): Promise<Conversation> {
  const key = pairKeyOf(opener.id, otherId);
  const existing = await conversationIdByPairKey(deps.db, key);
  if (existing) return conversationFor(deps, opener, existing.id);
  await assertMayStartConversation(deps.db, opener, otherId);
  const id = await deps.db
    .transaction((tx) => insertPairConversation(tx, key, opener.id, otherId))
    .catch(async (error: unknown) => {
      if (!uniqueViolation(error)) throw error;
      const winner = await conversationIdByPairKey(deps.db, key);
      return winner!.id;
    });
  return conversationFor(deps, opener, id);
}

export async function conversationFor(deps: Deps, reader: SessionUser, conversationId: string): Promise<Conversation> {
  return (await presentConversations(deps.db, reader, [await membership(deps.db, reader, conversationId)]))[0]!;
}

/**
 * The reader's conversations, latest activity first (index-backed), optionally by the other
 * member's name or username. One opened but still empty shows only to whoever opened it.
 */
export async function listConversations(deps: Deps, reader: SessionUser, query: { offset: number; limit: number; keyword?: string }) {
  const { rows, total } = await pageOfConversations(deps.db, reader.id, query);
  return { data: await presentConversations(deps.db, reader, rows), total };
}

/** `GET /messages/total-unread-messages`: the reader's unseen messages over every conversation. */
export async function unreadTotal(db: Queryable, userId: string): Promise<number> {
  return (await unreadTotals(db, [userId])).get(userId) ?? 0;
}
