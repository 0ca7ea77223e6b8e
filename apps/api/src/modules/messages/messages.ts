import { formatTokens, fromCents, type Message, sendMessageSchema, toCents } from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict, forbidden, notFound, parseOrThrow } from '../../platform/errors';
import { assertMay, blockedRefusal, isBlockedPair } from '../access';
import { deleteFileRecords, type FileRow, removeStored, type UploadKind, uploadMediaWithFields } from '../media';
import { notify } from '../notifications';
import { membership, unreadTotal } from './conversations';
import { announce, type SentMessage } from './events';
import { presentMessages, presentNewMessage, summaryOf } from './present';
import { markConversationRead, markLastMessageDeleted, uncountUnseen } from './repo/conversations';
import { attachedFileStatus, attachMessageFiles, filesInMessages, ownFiles } from './repo/files';
import {
  boughtMessageIds,
  lockedMessage,
  markMessageDeleted,
  messageById,
  messageSenderOf,
  pageOfLines,
  writeMessageStatement,
} from './repo/lines';
import { deleteStreamLine } from './stream-lines';

type SendMessage = z.output<typeof sendMessageSchema>;

/** What a message's files may be: the sender's own uploads for messages, each in one message. */
export const MESSAGE_FILE_TYPES = ['message-photo', 'message-video', 'message-audio', 'message-thumbnail'];

/** `GET /messages/conversations/{id}`: newest first, as the server pages them (the client shows them oldest first). */
export async function listMessages(deps: Deps, reader: SessionUser, conversationId: string, page: { offset: number; limit: number }) {
  await membership(deps.db, reader, conversationId);
  const { rows, total } = await pageOfLines(deps.db, conversationId, page, reader);
  return { data: await presentMessages(deps, reader, rows), total };
}

/** Files must be the sender's own message uploads, each in one message (or mass message) only; returned in the order given. */
export async function checkAttachments(tx: Queryable, sender: SessionUser, fileIds: string[]): Promise<FileRow[]> {
  if (!fileIds.length) return [];
  if (new Set(fileIds).size !== fileIds.length) {
    throw badRequest('fileIds: a file may be used once', [{ field: 'fileIds', message: 'must not repeat a file' }]);
  }
  const [owned, used] = await Promise.all([ownFiles(tx, sender.id, fileIds), filesInMessages(tx, fileIds)]);
  return fileIds.map((id) => {
    const file = owned.find((row) => row.id === id);
    if (!file || !MESSAGE_FILE_TYPES.includes(file.type)) {
      throw badRequest(`fileIds: ${id} is not one of your message uploads`, [
        { field: 'fileIds', message: 'must name your own message uploads' },
      ]);
    }
    if (used.some((row) => row.fileId === id)) {
      throw badRequest(`fileIds: ${id} is already in a message`, [{ field: 'fileIds', message: 'must not be in another message' }]);
    }
    return file;
  });
}

/**
 * `POST /messages/conversations/{id}`: the message, the conversation's last message, the
 * sender's read mark and the recipient's unseen count, written together; then both members'
 * sockets hear of it (on any process), told from the rows the send holds, without reading again.
 * A text to a conversation under way, nearly every send, is one statement; a message with files,
 * or the first of a conversation (which notifies the recipient), is that statement and the rest
 * in one transaction.
 */
export async function sendMessage(deps: Deps, sender: SessionUser, conversationId: string, input: SendMessage) {
  if (input.price) assertMay(sender, 'message.setPrice', null, () => forbidden('Only creators set a price on a message'));
  const sent =
    (!input.fileIds.length && (await writeMessage(deps.db, sender, conversationId, input, [], false))) ||
    (await deps.db.transaction(async (tx) => {
      const attached = await checkAttachments(tx, sender, input.fileIds);
      const written = (await writeMessage(tx, sender, conversationId, input, attached, true))!;
      if (attached.length) {
        await attachMessageFiles(
          tx,
          written.message.id,
          attached.map((file) => file.id),
        );
      }
      if (written.first) {
        await notify(deps, tx, {
          userId: written.recipient.user.id,
          kind: 'new_message',
          actorId: sender.id,
          text: `${sender.name} sent you a message`,
          link: `/messages?conversation=${conversationId}`,
        });
      }
      return written;
    }));
  announce.sent(deps, sent);
  return presentNewMessage(deps, sender, sent.message, sent.attached);
}

/** A tip the message carries: its amount and the wallet charge that paid it. */
export type MessageTip = { cents: number; chargeId: string };

export async function writeMessage(
  db: Queryable,
  sender: SessionUser,
  conversationId: string,
  input: Pick<SendMessage, 'text' | 'price'>,
  attached: FileRow[],
  mayBeFirst: boolean,
  tip?: MessageTip,
): Promise<(SentMessage & { first: boolean }) | null> {
  const row = await writeMessageStatement(db, {
    conversationId,
    senderId: sender.id,
    mayBeFirst,
    text: input.text,
    priceCents: input.price ? toCents(input.price) : 0,
    tipCents: tip?.cents ?? null,
    tipChargeId: tip?.chargeId ?? null,
    summary: tip ? tipSummary(tip.cents, input.text) : summaryOf(input.text, attached.length),
  });
  if (!row) throw notFound('Conversation');
  if (row.reason) throw blockedRefusal(row.reason);
  const { written } = row;
  if (!written) return null;
  return {
    first: row.first,
    message: written.message,
    attached,
    conversation: written.conversation,
    sender: {
      user: sender,
      member: written.senderMember,
      readPastOther: written.readPastOther,
      unreadTotal: written.senderUnreadElsewhere,
    },
    recipient: {
      user: written.other,
      member: written.recipientMember,
      unreadTotal: written.otherUnreadElsewhere + written.recipientMember.unreadCount,
    },
  };
}

/** A tip as the conversation list shows it: "Tipped 12.00 tokens: thanks!". */
const tipSummary = (cents: number, text: string) => `Tipped ${formatTokens(fromCents(cents))}${text ? `: ${text}` : ''}`.slice(0, 200);

/**
 * `DELETE /messages/{id}`: the sender takes a message back. Both sides see "Message deleted!";
 * if the recipient had not read it yet, it no longer counts as unseen. A paid message the
 * recipient bought leaves sale but stays theirs: they keep reading it and are not told.
 */
export async function deleteMessage(deps: Deps, sender: SessionUser, messageId: string): Promise<Message> {
  // A live chat's line has its own rule (its sender, the session's creator or an admin) and room.
  const streamLine = await deleteStreamLine(deps, sender, messageId);
  if (streamLine) {
    const { sender: _author, ...line } = streamLine;
    return { ...line, files: [], price: 0, canView: true, isBought: false, isSeen: true };
  }
  const deletion = await deps.db.transaction(async (tx) => {
    const found = await messageSenderOf(tx, messageId);
    assertMay(sender, 'message.delete', found, () => notFound('Message'));
    // The conversation first, then the message: the order every write to a conversation takes.
    const { member, conversation } = await membership(tx, sender, found.conversationId, true);
    const message = await lockedMessage(tx, messageId);
    if (message!.isDeleted) return { row: message! };
    if (message!.tipCents !== null) throw conflict('A tip’s line stays in the conversation: the tip is paid');
    const deleted = await markMessageDeleted(tx, messageId);
    if ((await boughtMessageIds(tx, [messageId])).size) return { row: deleted, recipientId: null };
    await uncountUnseen(tx, found.conversationId, member.otherUserId, message!.createdAt);
    if (conversation.lastMessageId === messageId) {
      await markLastMessageDeleted(tx, found.conversationId);
    }
    return { row: deleted, recipientId: member.otherUserId };
  });
  const [view] = await presentMessages(deps, sender, [deletion.row]);
  if (deletion.recipientId !== undefined) await announce.deleted(deps, deletion.row, { sender, view: view! }, deletion.recipientId);
  return view!;
}

/** `POST /messages/read-all/{id}`: everything in the conversation is seen; the sender's ticks follow. */
export async function readAll(deps: Deps, reader: SessionUser, conversationId: string) {
  const { member } = await membership(deps.db, reader, conversationId);
  // Across a block the reader's count clears but no read receipt is kept or sent: the other member
  // would learn from the ticks that they are around.
  const now = (await isBlockedPair(deps.db, reader.id, member.otherUserId)) ? undefined : new Date();
  await markConversationRead(deps.db, conversationId, reader.id, now);
  await announce.seen(deps, conversationId, reader.id, member.otherUserId, now);
  return { total: await unreadTotal(deps.db, reader.id) };
}

/** `GET /messages/{id}/file/{fileId}/status`: a member follows an attached file's processing. */
export async function messageFileStatus(deps: Deps, reader: SessionUser, messageId: string, fileId: string) {
  const message = await messageById(deps.db, messageId);
  if (!message) throw notFound('Message');
  await membership(deps.db, reader, message.conversationId);
  const attached = await attachedFileStatus(deps.db, messageId, fileId);
  if (!attached || (message.isDeleted && !(await boughtMessageIds(deps.db, [messageId])).size)) throw notFound('File');
  return attached;
}

/**
 * A message a member may buy (the wallet's `message` charge): priced, not deleted, sent to them.
 * Its sender is the creator paid.
 */
export async function messageForSale(deps: Deps, buyer: SessionUser, messageId: string) {
  const message = await messageById(deps.db, messageId);
  if (!message || message.isDeleted) throw notFound('Message');
  await membership(deps.db, buyer, message.conversationId);
  assertMay(buyer, 'message.buy', message, () => forbidden('You sent this message'));
  return { id: message.id, performerId: message.senderId, isSale: message.priceCents > 0, priceCents: message.priceCents };
}

export const messageFieldsSchema = z.object({
  conversationId: z.uuid('must be an id'),
  text: z.string().default(''),
  price: z.coerce.number().optional(),
});

/**
 * `POST /messages/private/file/{photo|video}`: a message and its one file in a single request.
 * The file is uploaded first; if the message is then refused, the file goes too, so nothing is
 * left half-written.
 */
export async function sendMessageWithFile(deps: Deps, sender: SessionUser, kind: UploadKind, request: FastifyRequest) {
  const { file, fields } = await uploadMediaWithFields(deps, sender, kind, request);
  try {
    const parsed = parseOrThrow(messageFieldsSchema, fields);
    const input = parseOrThrow(sendMessageSchema, { text: parsed.text, price: parsed.price, fileIds: [file._id] });
    return await sendMessage(deps, sender, parsed.conversationId, input);
  } catch (error) {
    await removeStored(deps, await deleteFileRecords(deps.db, [file._id]));
    throw error;
  }
}
