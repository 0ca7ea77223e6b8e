import { fromCents, type PublicUser, STREAM_DELETED_MESSAGE_TEXT, type StreamMessage, streamRoom } from '@limelight/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { pageOf } from '../../db/paging';
import { streamSessions } from '../../db/read/streaming';
import { users } from '../../db/read/users';
import { messages } from '../../db/schema/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { assertMay, notHeld, type Viewer } from '../access';
import { toPublicUser } from '../users';

/**
 * The messages module owns the lines of every conversation type (decision 023): a private
 * conversation's messages and a live session's chat share the table, the page query and the
 * deletion route. The streaming module adds who may read and write a session's chat.
 */
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

/** A stream chat line as viewers see it: a tip's line carries its amount. */
export function presentStreamLine(row: MessageRow, sender: PublicUser): StreamMessage {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    sender,
    text: row.isDeleted ? STREAM_DELETED_MESSAGE_TEXT : row.text,
    tip: row.tipCents === null ? null : fromCents(row.tipCents),
    isDeleted: row.isDeleted,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * `DELETE /messages/{id}` for a stream chat line: its sender, the session's creator (moderating)
 * or an admin takes it back; everyone in the room sees "Message deleted". Undefined when the
 * message is not a stream chat's (private messages have their own rule).
 */
export async function deleteStreamLine(deps: Deps, actor: SessionUser, messageId: string) {
  const [found] = await deps.db
    .select({ message: messages, session: streamSessions })
    .from(messages)
    .innerJoin(streamSessions, eq(streamSessions.conversationId, messages.conversationId))
    .where(eq(messages.id, messageId));
  if (!found) return undefined;
  const { message, session } = found;
  assertMay(actor, 'live.removeLine', { senderId: message.senderId, performerId: session.performerId }, () => notFound('Message'));
  const [row] = await deps.db.update(messages).set({ isDeleted: true }).where(eq(messages.id, messageId)).returning();
  const [sender] = await deps.db.select().from(users).where(eq(users.id, row!.senderId));
  const line = presentStreamLine(row!, toPublicUser(sender!));
  if (!message.isDeleted) deps.realtime.io.to(streamRoom(session.id)).emit('stream/message_deleted', { message: line });
  return line;
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
