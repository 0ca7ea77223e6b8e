import { DELETED_MESSAGE_TEXT, sendMessageSchema, toCents } from '@limelight/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { conversationMembers, conversations, files, massMessageFiles, messageFiles, messages } from '../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, forbidden, notFound, parseOrThrow } from '../../platform/errors';
import { assertNotBlockedPair } from '../access';
import { deleteFileRecords, type FileRow, removeStored, type UploadKind, uploadMediaWithFields } from '../media';
import { notify } from '../notifications';
import { membership, unreadTotal } from './conversations';
import { announce } from './events';
import { type MessageRow, presentMessages, presentNewMessage } from './present';

type SendMessage = z.output<typeof sendMessageSchema>;

/** What a message's files may be: the sender's own uploads for messages, each in one message. */
export const MESSAGE_FILE_TYPES = ['message-photo', 'message-video', 'message-audio', 'message-thumbnail'];

/** `GET /messages/conversations/{id}`: newest first, as the server pages them (the client shows them oldest first). */
export async function listMessages(deps: Deps, reader: SessionUser, conversationId: string, page: { offset: number; limit: number }) {
  await membership(deps.db, reader, conversationId);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversationId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .offset(page.offset)
      .limit(page.limit),
    deps.db.select({ value: count() }).from(messages).where(eq(messages.conversationId, conversationId)),
  ]);
  return { data: await presentMessages(deps, reader, rows), total: total?.value ?? 0 };
}

/** Files must be the sender's own message uploads, each in one message (or mass message) only; returned in the order given. */
export async function checkAttachments(tx: Queryable, sender: SessionUser, fileIds: string[]): Promise<FileRow[]> {
  if (!fileIds.length) return [];
  if (new Set(fileIds).size !== fileIds.length) {
    throw badRequest('fileIds: a file may be used once', [{ field: 'fileIds', message: 'must not repeat a file' }]);
  }
  const [owned, used] = await Promise.all([
    tx
      .select()
      .from(files)
      .where(and(inArray(files.id, fileIds), eq(files.ownerId, sender.id))),
    tx
      .select({ fileId: messageFiles.fileId })
      .from(messageFiles)
      .where(inArray(messageFiles.fileId, fileIds))
      .union(tx.select({ fileId: massMessageFiles.fileId }).from(massMessageFiles).where(inArray(massMessageFiles.fileId, fileIds))),
  ]);
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
 * sender's read mark and the recipient's unseen count, in one transaction; then both members'
 * sockets hear of it (on any process), told from the rows the send holds, without reading again.
 */
export async function sendMessage(deps: Deps, sender: SessionUser, conversationId: string, input: SendMessage) {
  if (input.price && sender.role !== 'performer') throw forbidden('Only creators set a price on a message');
  const sent = await deps.db.transaction(async (tx) => {
    const { conversation, other } = await membership(tx, sender, conversationId, true);
    await assertNotBlockedPair(tx, sender, other.id);
    const attached = await checkAttachments(tx, sender, input.fileIds);
    if (!conversation.lastMessageId) {
      await notify(deps, tx, {
        userId: other.id,
        kind: 'new_message',
        actorId: sender.id,
        text: `${sender.name} sent you a message`,
        link: `/messages?conversation=${conversationId}`,
      });
    }
    const [message] = await tx
      .insert(messages)
      // The time of writing, after the conversation's lock (not the transaction's start): a
      // conversation's messages are ordered as they were written.
      .values({
        conversationId,
        senderId: sender.id,
        text: input.text,
        priceCents: input.price ? toCents(input.price) : 0,
        createdAt: sql`clock_timestamp()`,
      })
      .returning();
    if (attached.length) {
      await tx.insert(messageFiles).values(attached.map((file, position) => ({ messageId: message!.id, fileId: file.id, position })));
    }
    const [updated] = await tx
      .update(conversations)
      .set({
        lastMessageId: message!.id,
        lastMessageText: summary(message!, attached.length),
        lastMessageAt: message!.createdAt,
        lastSenderId: sender.id,
      })
      .where(eq(conversations.id, conversationId))
      .returning();
    // Both members in one statement: the sender has read up to here, the recipient has one more unseen.
    const members = await tx
      .update(conversationMembers)
      .set(membersAfterMessage(sender.id, message!.createdAt))
      .where(eq(conversationMembers.conversationId, conversationId))
      .returning();
    const byUser = new Map(members.map((member) => [member.userId, member]));
    return {
      message: message!,
      attached,
      conversation: updated!,
      sender: { user: sender, member: byUser.get(sender.id)! },
      recipient: { user: other, member: byUser.get(other.id)!, unreadTotal: await unreadTotal(tx, other.id) },
    };
  });
  announce.sent(deps, sent);
  return presentNewMessage(deps, sender, sent.message, sent.attached);
}

/**
 * A conversation's members after a message from `senderId` at `at`: the recipient has one more
 * unseen. A person writing has read the conversation up to their message (their unseen count
 * clears and the other side's ticks turn); a mass message's creator has not (`asReader` false),
 * as they never opened these conversations.
 */
export const membersAfterMessage = (senderId: string, at: Date, asReader = true) => {
  const isSender = sql`${conversationMembers.userId} = ${senderId}`;
  return {
    lastActivityAt: at,
    lastReadAt: asReader
      ? sql`case when ${isSender} then ${at} else ${conversationMembers.lastReadAt} end`
      : conversationMembers.lastReadAt,
    unreadCount: sql`case when ${isSender} then ${asReader ? sql`0` : conversationMembers.unreadCount} else ${conversationMembers.unreadCount} + 1 end`,
  };
};

/** The last message as the conversation list shows it. */
export function summary(message: MessageRow, fileCount: number) {
  if (message.text) return message.text.slice(0, 200);
  return fileCount === 1 ? 'Sent a file' : `Sent ${fileCount} files`;
}

/**
 * `DELETE /messages/{id}`: the sender takes a message back. Both sides see "Message deleted!";
 * if the recipient had not read it yet, it no longer counts as unseen.
 */
export async function deleteMessage(deps: Deps, sender: SessionUser, messageId: string) {
  const { row, recipientId } = await deps.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ conversationId: messages.conversationId, senderId: messages.senderId })
      .from(messages)
      .where(eq(messages.id, messageId));
    if (!found || found.senderId !== sender.id) throw notFound('Message');
    // The conversation first, then the message: the order every write to a conversation takes.
    const { member, conversation } = await membership(tx, sender, found.conversationId, true);
    const [message] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update');
    if (message!.isDeleted) return { row: message!, recipientId: undefined };
    const [deleted] = await tx.update(messages).set({ isDeleted: true }).where(eq(messages.id, messageId)).returning();
    await tx
      .update(conversationMembers)
      .set({ unreadCount: sql`greatest(${conversationMembers.unreadCount} - 1, 0)` })
      .where(
        and(
          eq(conversationMembers.conversationId, found.conversationId),
          eq(conversationMembers.userId, member.otherUserId),
          sql`(${conversationMembers.lastReadAt} is null or ${conversationMembers.lastReadAt} < ${message!.createdAt})`,
        ),
      );
    if (conversation.lastMessageId === messageId) {
      await tx.update(conversations).set({ lastMessageText: DELETED_MESSAGE_TEXT }).where(eq(conversations.id, found.conversationId));
    }
    return { row: deleted!, recipientId: member.otherUserId };
  });
  const [view] = await presentMessages(deps, sender, [row]);
  if (recipientId) await announce.deleted(deps, row, { sender, view: view! }, recipientId);
  return view!;
}

/** `POST /messages/read-all/{id}`: everything in the conversation is seen; the sender's ticks follow. */
export async function readAll(deps: Deps, reader: SessionUser, conversationId: string) {
  const { member } = await membership(deps.db, reader, conversationId);
  const now = new Date();
  await deps.db
    .update(conversationMembers)
    .set({ unreadCount: 0, lastReadAt: now })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, reader.id)));
  await announce.seen(deps, conversationId, reader.id, member.otherUserId, now);
  return { total: await unreadTotal(deps.db, reader.id) };
}

/** `GET /messages/{id}/file/{fileId}/status`: a member follows an attached file's processing. */
export async function messageFileStatus(deps: Deps, reader: SessionUser, messageId: string, fileId: string) {
  const [message] = await deps.db.select().from(messages).where(eq(messages.id, messageId));
  if (!message) throw notFound('Message');
  await membership(deps.db, reader, message.conversationId);
  const [attached] = await deps.db
    .select({ status: files.status, error: files.error })
    .from(messageFiles)
    .innerJoin(files, eq(files.id, messageFiles.fileId))
    .where(and(eq(messageFiles.messageId, messageId), eq(messageFiles.fileId, fileId)));
  if (!attached || message.isDeleted) throw notFound('File');
  return attached;
}

/**
 * A message a member may buy (the wallet's `message` charge): priced, not deleted, sent to them.
 * Its sender is the creator paid.
 */
export async function messageForSale(deps: Deps, buyer: SessionUser, messageId: string) {
  const [message] = await deps.db.select().from(messages).where(eq(messages.id, messageId));
  if (!message || message.isDeleted) throw notFound('Message');
  await membership(deps.db, buyer, message.conversationId);
  if (message.senderId === buyer.id) throw forbidden('You sent this message');
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
