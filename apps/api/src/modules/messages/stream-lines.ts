import { fromCents, type PublicUser, STREAM_DELETED_MESSAGE_TEXT, type StreamMessage, streamRoom } from '@limelight/contracts';
import type { messages } from '../../db/schema/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { assertMay } from '../access';
import { toPublicUser } from '../users';
import { markMessageDeleted, senderOf, streamLineWithSession } from './repo/lines';

/**
 * The messages module owns the lines of every conversation type (decision 023): a private
 * conversation's messages and a live session's chat share the table, the page query and the
 * deletion route. The streaming module adds who may read and write a session's chat.
 */
type MessageRow = typeof messages.$inferSelect;

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
  const found = await streamLineWithSession(deps.db, messageId);
  if (!found) return undefined;
  const { message, session } = found;
  assertMay(actor, 'live.removeLine', { senderId: message.senderId, performerId: session.performerId }, () => notFound('Message'));
  const row = await markMessageDeleted(deps.db, messageId);
  const sender = await senderOf(deps.db, row.senderId);
  const line = presentStreamLine(row, toPublicUser(sender!));
  if (!message.isDeleted) deps.realtime.io.to(streamRoom(session.id)).emit('stream/message_deleted', { message: line });
  return line;
}
