import { fromCents, type PublicUser, STREAM_DELETED_MESSAGE_TEXT, type StreamMessage, streamRoom } from '@limelight/contracts';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
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
  const [rows, [total]] = await Promise.all([
    db.select().from(messages).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).offset(page.offset).limit(page.limit),
    db.select({ value: count() }).from(messages).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
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
