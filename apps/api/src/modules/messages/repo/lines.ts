import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { rowFromJson } from '../../../db/json-row';
import { pageOf } from '../../../db/paging';
import { preparedStatement } from '../../../db/prepared';
import { purchasedItems } from '../../../db/read/money';
import { streamSessions } from '../../../db/read/streaming';
import { users } from '../../../db/read/users';
import { conversationMembers, conversations, messages } from '../../../db/schema/messages';
import { blockReasonSql, notHeld, type Viewer } from '../../access';
import { unseenSql } from './conversations';

type MessageRow = typeof messages.$inferSelect;

/** A page of a conversation's lines, newest first, with their total. */
export async function pageOfLines(db: Queryable, conversationId: string, page: { offset: number; limit: number }, reader?: Viewer) {
  // Lines hidden by moderation are gone for all but their sender and admins (decision 046).
  const where = and(eq(messages.conversationId, conversationId), notHeld(reader, messages.id, messages.senderId));
  const { rows, total } = await pageOf(
    db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).$dynamic(),
    page,
    db.$count(messages, where),
  );
  return { rows, total };
}

/** `unseenSql` over a members row named `alias` in the send statement below. */
const unseenOf = (alias: 'members' | 'cm') =>
  unseenSql({
    unreadCount: sql.raw(`${alias}.unread_count`),
    conversationId: sql.raw(`${alias}.conversation_id`),
    otherUserId: sql.raw(`${alias}.other_user_id`),
    lastReadAt: sql.raw(`${alias}.last_read_at`),
  });

/**
 * The send as one statement: the conversation locked for the sender (no row when they are not
 * in it; writes to a conversation take its row first, then its members', so two members writing
 * at once queue rather than deadlock), the block rule, the message (timed after the lock, so a
 * conversation's messages are ordered as written), the conversation's summary and both members'
 * counters, answering every row the events need (and whether the last message was the other
 * member's: writing, the sender has now read it). The conversation's first message is written
 * only when `mayBeFirst` (it needs a notice in the same transaction); otherwise nothing is.
 */
const writeStatement = preparedStatement<{
  reason: string | null;
  first: boolean;
  read_past_other: boolean;
  message: Record<string, unknown> | null;
  conversation: Record<string, unknown> | null;
  sender_member: Record<string, unknown> | null;
  recipient_member: Record<string, unknown> | null;
  other: Record<string, unknown>;
  recipient_unseen: number;
  other_unread_elsewhere: number;
  sender_unread_elsewhere: number;
}>(
  'send_message',
  sql`
    with member as (
      select c.id, c.last_message_id, c.last_sender_id, m.other_user_id
      from ${conversationMembers} m join ${conversations} c on c.id = m.conversation_id
      where m.conversation_id = ${sql.placeholder('conversationId')} and m.user_id = ${sql.placeholder('senderId')}
      for update of c),
    refusal as (select ${blockReasonSql(sql`${sql.placeholder('senderId')}::uuid`, sql`member.other_user_id`)} as reason from member),
    allowed as (
      select member.id from member, refusal
      where refusal.reason is null and (member.last_message_id is not null or ${sql.placeholder('mayBeFirst')}::boolean)),
    message as (
      insert into ${messages} (conversation_id, sender_id, text, price_cents, tip_cents, tip_charge_id, created_at)
      select id, ${sql.placeholder('senderId')}, ${sql.placeholder('text')}, ${sql.placeholder('priceCents')},
        ${sql.placeholder('tipCents')}::bigint, ${sql.placeholder('tipChargeId')}::uuid, clock_timestamp()
      from allowed
      returning *),
    conversation as (
      update ${conversations} c
      set last_message_id = message.id, last_message_text = ${sql.placeholder('summary')},
        last_message_at = message.created_at, last_sender_id = message.sender_id, updated_at = now()
      from message where c.id = message.conversation_id
      returning c.*),
    members as (
      update ${conversationMembers} m
      set last_activity_at = message.created_at,
        last_read_at = case when m.user_id = message.sender_id then message.created_at else m.last_read_at end,
        unread_count = case when m.user_id = message.sender_id then 0 else m.unread_count + 1 end
      from message where m.conversation_id = message.conversation_id
      returning m.*)
    select refusal.reason, member.last_message_id is null as first,
      coalesce(member.last_sender_id = member.other_user_id, false) as read_past_other,
      (select to_json(message) from message) as message,
      (select to_json(conversation) from conversation) as conversation,
      (select to_json(members) from members where user_id <> member.other_user_id) as sender_member,
      (select to_json(members) from members where user_id = member.other_user_id) as recipient_member,
      (select to_json(u) from ${users} u where u.id = member.other_user_id) as other,
      (select ${unseenOf('members')} from members where user_id = member.other_user_id) as recipient_unseen,
      (select coalesce(sum(${unseenOf('cm')}), 0)::int from ${conversationMembers} cm
        where cm.user_id = member.other_user_id and cm.conversation_id <> member.id) as other_unread_elsewhere,
      (select coalesce(sum(${unseenOf('cm')}), 0)::int from ${conversationMembers} cm
        where cm.user_id = ${sql.placeholder('senderId')} and cm.conversation_id <> member.id) as sender_unread_elsewhere
    from member, refusal`,
);

/**
 * Runs the send statement: nothing when the sender is not in the conversation; else the block's
 * reason if any, whether the message is the conversation's first, and, when it was written, every
 * row it wrote or read with each member's unseen counts.
 */
export async function writeMessageStatement(
  db: Queryable,
  params: {
    conversationId: string;
    senderId: string;
    mayBeFirst: boolean;
    text: string;
    priceCents: number;
    tipCents: number | null;
    tipChargeId: string | null;
    summary: string;
  },
) {
  const [row] = await writeStatement(db, params);
  if (!row) return undefined;
  return {
    reason: row.reason,
    first: row.first,
    written: row.message
      ? {
          message: rowFromJson(messages, row.message),
          conversation: rowFromJson(conversations, row.conversation!),
          senderMember: rowFromJson(conversationMembers, row.sender_member!),
          // Its unseen count as the recipient may read it: messages moderation holds are not counted.
          recipientMember: { ...rowFromJson(conversationMembers, row.recipient_member!), unreadCount: row.recipient_unseen },
          other: rowFromJson(users, row.other),
          readPastOther: row.read_past_other,
          senderUnreadElsewhere: row.sender_unread_elsewhere,
          otherUnreadElsewhere: row.other_unread_elsewhere,
        }
      : null,
  };
}

/** One message by its id. */
export async function messageById(db: Queryable, id: string) {
  const [message] = await db.select().from(messages).where(eq(messages.id, id));
  return message;
}

/** Where a message was sent, and by whom. */
export async function messageSenderOf(tx: Queryable, id: string) {
  const [found] = await tx
    .select({ conversationId: messages.conversationId, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.id, id));
  return found;
}

/** One message, locked until the transaction ends. */
export async function lockedMessage(tx: Queryable, id: string) {
  const [message] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
  return message;
}

/** Marks a message deleted: the message as it is now. */
export async function markMessageDeleted(db: Queryable, id: string) {
  const [row] = await db.update(messages).set({ isDeleted: true }).where(eq(messages.id, id)).returning();
  return row!;
}

/** Which of these messages someone bought: those stay theirs when their sender takes them back. */
export async function boughtMessageIds(db: Queryable, messageIds: string[]) {
  if (!messageIds.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ itemId: purchasedItems.itemId })
    .from(purchasedItems)
    .where(and(eq(purchasedItems.itemType, 'message'), inArray(purchasedItems.itemId, messageIds)));
  return new Set(rows.map((row) => row.itemId));
}

/** A live session's chat line with its session; none when the message is not a stream chat's. */
export async function streamLineWithSession(db: Queryable, id: string) {
  const [found] = await db
    .select({ message: messages, session: streamSessions })
    .from(messages)
    .innerJoin(streamSessions, eq(streamSessions.conversationId, messages.conversationId))
    .where(eq(messages.id, id));
  return found;
}

/** A line with its sender, and its live session's id when it is a stream chat's. */
export async function lineWithSender(db: Queryable, id: string) {
  const [found] = await db
    .select({ message: messages, sessionId: streamSessions.id, sender: users })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .leftJoin(streamSessions, eq(streamSessions.conversationId, messages.conversationId))
    .where(eq(messages.id, id));
  return found;
}

/** A line's sender. */
export async function senderOf(db: Queryable, senderId: string) {
  const [sender] = await db.select().from(users).where(eq(users.id, senderId));
  return sender;
}

/**
 * Writes a chat line unless slow mode holds the sender back (their last line within
 * `slowModeSeconds`): one statement, so two lines sent at once cannot both pass. Answers the
 * written line, or the seconds left to wait.
 */
export async function insertChatLine(
  db: Queryable,
  line: { conversationId: string; senderId: string; text: string; slowModeSeconds: number },
): Promise<{ line: MessageRow | null; wait: number | null }> {
  const { conversationId, senderId, text, slowModeSeconds: slow } = line;
  const result = await db.execute(sql`
    with recent as (
      select max(created_at) as at from ${messages}
      where conversation_id = ${conversationId}::uuid and sender_id = ${senderId}::uuid and ${slow}::int > 0
        and created_at > now() - make_interval(secs => ${slow}::int)),
    written as (
      insert into ${messages} (conversation_id, sender_id, text, created_at)
      select ${conversationId}::uuid, ${senderId}::uuid, ${text}::text, clock_timestamp() from recent where recent.at is null
      returning *)
    select (select to_json(written) from written) as line,
      (select ceil(extract(epoch from (recent.at + make_interval(secs => ${slow}::int) - now())))::int from recent) as wait`);
  const [answer] = result.rows as unknown as Array<{ line: Record<string, unknown> | null; wait: number | null }>;
  // The written row came back with the statement: no second read.
  return { line: answer?.line ? rowFromJson(messages, answer.line) : null, wait: answer?.wait ?? null };
}

/** Deletes every line of a conversation (a live chat cleared by its creator); answers how many. */
export async function clearLines(db: Queryable, conversationId: string) {
  const removed = await db.delete(messages).where(eq(messages.conversationId, conversationId)).returning({ id: messages.id });
  return removed.length;
}

/** A tip's highlighted line in a live chat, written in the tip's own transaction (so a paid tip always has its line). */
export async function insertTipLine(
  tx: Queryable,
  tip: { conversationId: string; fanId: string; chargeId: string; cents: number; text: string },
) {
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: tip.conversationId,
      senderId: tip.fanId,
      text: tip.text,
      tipCents: tip.cents,
      tipChargeId: tip.chargeId,
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  return row!;
}
