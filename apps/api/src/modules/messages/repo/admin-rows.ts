import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { conversationMembers, conversations, messages } from '../../../db/schema/messages';
import { type AdminRowFilters, adminRowPage, nullValue } from '../../../platform/admin-rows';

/** Lines of live sessions' chats for the admin's console; `parentId` is the chat (decision 052). */
export const adminChatLineRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: messages,
      select: {
        id: messages.id,
        title: sql`left(${messages.text}, 500)`,
        status: sql`case when ${messages.isDeleted} then 'deleted' else 'active' end`,
        ownerId: messages.senderId,
        otherId: nullValue,
        amountCents: messages.tipCents,
        count: nullValue,
        parentId: messages.conversationId,
        parentType: sql`'stream'`,
        createdAt: messages.createdAt,
        updatedAt: nullValue,
      },
      id: messages.id,
      createdAt: messages.createdAt,
      users: [messages.senderId],
      status: sql`case when ${messages.isDeleted} then 'deleted' else 'active' end`,
      parent: messages.conversationId,
      text: [messages.text],
      where: sql`exists (select 1 from ${conversations} c where c.id = "messages"."conversation_id" and c.type = 'stream')`,
    },
    filters,
  );

// Written with explicit names: in a one-table select drizzle leaves columns unqualified, which
// inside a subquery would bind to the subquery's own table.
const firstMember = sql`(select m.user_id from ${conversationMembers} m where m.conversation_id = "conversations"."id" order by m.user_id limit 1)`;
const secondMember = sql`(select m.other_user_id from ${conversationMembers} m where m.conversation_id = "conversations"."id" order by m.user_id limit 1)`;

/**
 * Private conversations for the admin's console: who and when, never what was said (reading it
 * takes a reason, `adminConversationMessages`).
 */
export const adminConversationRows = (db: Queryable, filters: AdminRowFilters) =>
  adminRowPage(
    db,
    {
      table: conversations,
      select: {
        id: conversations.id,
        title: sql`case ${conversations.type} when 'private_show' then 'Private show' else 'Private conversation' end`,
        status: conversations.type,
        ownerId: firstMember,
        otherId: secondMember,
        amountCents: nullValue,
        count: sql`(select count(*) from ${messages} l where l.conversation_id = "conversations"."id")`,
        parentId: nullValue,
        parentType: nullValue,
        createdAt: conversations.createdAt,
        updatedAt: conversations.lastMessageAt,
      },
      id: conversations.id,
      createdAt: conversations.createdAt,
      users: [firstMember, secondMember],
      status: conversations.type,
      text: [],
      where: sql`${conversations.type} <> 'stream'`,
    },
    filters,
  );

/** Whether a conversation is a private one (a live session's public chat is read as chat lines). */
export async function isPrivateConversation(db: Queryable, conversationId: string) {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), sql`${conversations.type} <> 'stream'`));
  return !!row;
}

/** Every message of a conversation, oldest first, for the admin who gave a reason (capped). */
export async function adminConversationMessages(db: Queryable, conversationId: string, limit = 1000) {
  return db
    .select({
      id: messages.id,
      senderId: messages.senderId,
      text: messages.text,
      priceCents: messages.priceCents,
      isDeleted: messages.isDeleted,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .limit(limit);
}
