import { DELETED_MESSAGE_TEXT, formatTokens, fromCents, type Message, sendMessageSchema, toCents } from '@limelight/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { rowFromJson } from '../../db/json-row';
import { preparedStatement } from '../../db/prepared';
import { files } from '../../db/read/media';
import { purchasedItems } from '../../db/read/money';
import { users } from '../../db/read/users';
import { conversationMembers, conversations, massMessageFiles, messageFiles, messages } from '../../db/schema/messages';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, conflict, forbidden, notFound, parseOrThrow } from '../../platform/errors';
import { assertMay, blockedRefusal, blockReasonSql, isBlockedPair } from '../access';
import { deleteFileRecords, type FileRow, removeStored, type UploadKind, uploadMediaWithFields } from '../media';
import { notify } from '../notifications';
import { membership, unreadTotal, unseenSql } from './conversations';
import { announce, type SentMessage } from './events';
import { presentMessages, presentNewMessage, summaryOf } from './present';
import { deleteStreamLine, pageOfLines } from './stream-lines';

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
        await tx
          .insert(messageFiles)
          .values(attached.map((file, position) => ({ messageId: written.message.id, fileId: file.id, position })));
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
  const [row] = await writeStatement(db, {
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
  if (!row.message) return null;
  // Its unseen count as the recipient may read it: messages moderation holds are not counted.
  const recipientMember = { ...rowFromJson(conversationMembers, row.recipient_member!), unreadCount: row.recipient_unseen };
  return {
    first: row.first,
    message: rowFromJson(messages, row.message),
    attached,
    conversation: rowFromJson(conversations, row.conversation!),
    sender: {
      user: sender,
      member: rowFromJson(conversationMembers, row.sender_member!),
      readPastOther: row.read_past_other,
      unreadTotal: row.sender_unread_elsewhere,
    },
    recipient: {
      user: rowFromJson(users, row.other),
      member: recipientMember,
      unreadTotal: row.other_unread_elsewhere + recipientMember.unreadCount,
    },
  };
}

/** A tip as the conversation list shows it: "Tipped 12.00 tokens: thanks!". */
const tipSummary = (cents: number, text: string) => `Tipped ${formatTokens(fromCents(cents))}${text ? `: ${text}` : ''}`.slice(0, 200);

/** Which of these messages someone bought: those stay theirs when their sender takes them back. */
export async function boughtMessageIds(db: Queryable, messageIds: string[]) {
  if (!messageIds.length) return new Set<string>();
  const rows = await db
    .selectDistinct({ itemId: purchasedItems.itemId })
    .from(purchasedItems)
    .where(and(eq(purchasedItems.itemType, 'message'), inArray(purchasedItems.itemId, messageIds)));
  return new Set(rows.map((row) => row.itemId));
}

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
    const [found] = await tx
      .select({ conversationId: messages.conversationId, senderId: messages.senderId })
      .from(messages)
      .where(eq(messages.id, messageId));
    assertMay(sender, 'message.delete', found, () => notFound('Message'));
    // The conversation first, then the message: the order every write to a conversation takes.
    const { member, conversation } = await membership(tx, sender, found.conversationId, true);
    const [message] = await tx.select().from(messages).where(eq(messages.id, messageId)).for('update');
    if (message!.isDeleted) return { row: message! };
    if (message!.tipCents !== null) throw conflict('A tip’s line stays in the conversation: the tip is paid');
    const [deleted] = await tx.update(messages).set({ isDeleted: true }).where(eq(messages.id, messageId)).returning();
    if ((await boughtMessageIds(tx, [messageId])).size) return { row: deleted!, recipientId: null };
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
  await deps.db
    .update(conversationMembers)
    .set({ unreadCount: 0, ...(now ? { lastReadAt: now } : {}) })
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
  if (!attached || (message.isDeleted && !(await boughtMessageIds(deps.db, [messageId])).size)) throw notFound('File');
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
