import { DELETED_MESSAGE_TEXT, type Message, streamRoom } from '@limelight/contracts';
import { z } from 'zod';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { isBlockedPair } from '../access';
import type { FileRow } from '../media';
import { findById, toPublicUser } from '../users';
import { type ConversationRow, conversationFor, conversationView, type MemberRow, unreadTotal } from './conversations';
import { type MessageRow, presentMessages, presentNewMessage } from './present';
import { membersBut, membersOf, otherMemberOf, recipientsIn, unreadTotals } from './repo/conversations';
import { messageWithFile } from './repo/files';
import { lineWithSender } from './repo/lines';
import { presentStreamLine } from './stream-lines';

/**
 * Socket events of messaging, sent after the write commits to every socket of each member on
 * any process (their user room, through the Redis adapter), each presented as that member sees
 * it: a paid message arrives locked to the fan and open to the creator.
 */
/** A member to tell: by id (read and presented here), or the sender with the view their request already made. */
type Member = string | { sender: SessionUser; view: Message };

async function toMember(deps: Deps, who: Member, row: MessageRow, event: 'message_created' | 'message_deleted' | 'message_file_updated') {
  const member = typeof who === 'string' ? await findById(deps.db, who) : who.sender;
  if (!member) return;
  const message = typeof who === 'string' ? (await presentMessages(deps, member, [row]))[0]! : who.view;
  const [conversation, total] = await Promise.all([conversationFor(deps, member, row.conversationId), unreadTotal(deps.db, member.id)]);
  const room = deps.realtime.toUser(member.id);
  room.emit(event, { message });
  room.emit('conversation_updated', { conversation });
  room.emit('unread_total', { total });
}

/** Best effort: the write has committed; a failed push is logged, and the client catches up on its next load. */
const safely = (deps: Deps, work: Promise<unknown>) =>
  work.catch((error: unknown) => deps.log.error({ err: error }, 'a messaging event could not be sent'));

/**
 * Copies of one mass message to many recipients, after the commit: each recipient is told of
 * their copy and their new unseen total. The copies read alike to every recipient (none has bought
 * one yet, none is blocked), so one is presented and the rest take its shape, with two queries for
 * the whole batch rather than several per recipient.
 */
export async function announceToMany(deps: Deps, copies: MessageRow[], event: 'message_created' | 'message_deleted') {
  if (!copies.length) return;
  await safely(
    deps,
    (async () => {
      const recipients = await recipientsIn(
        deps.db,
        copies.map((copy) => copy.conversationId),
        copies[0]!.senderId,
      );
      const recipientOf = new Map(recipients.map((row) => [row.conversationId, row.userId]));
      const first = await findById(deps.db, recipientOf.get(copies[0]!.conversationId) ?? '');
      if (!first) return;
      const [shape] = await presentMessages(deps, first, [copies[0]!]);
      const totals = await unreadTotals(deps.db, [...recipientOf.values()]);
      for (const copy of copies) {
        const userId = recipientOf.get(copy.conversationId);
        if (!userId) continue;
        const room = deps.realtime.toUser(userId);
        room.emit(event, { message: { ...shape!, _id: copy.id, conversationId: copy.conversationId } });
        room.emit('unread_total', { total: totals.get(userId) ?? 0 });
      }
    })(),
  );
}

/** What a send holds once committed: the message, its files, and each member's rows after it. */
export type SentMessage = {
  message: MessageRow;
  attached: FileRow[];
  conversation: ConversationRow;
  /**
   * `readPastOther`: the conversation's last message was the recipient's, which the sender has
   * now read (their unseen count here cleared, leaving `unreadTotal`).
   */
  sender: { user: SessionUser; member: MemberRow; readPastOther: boolean; unreadTotal: number };
  recipient: { user: SessionUser; member: MemberRow; unreadTotal: number };
};

export const announce = {
  /**
   * A message just sent, with no query: the pair was found unblocked in the send, so each side's
   * conversation is active (or says the other account is gone), and nobody has bought or read it.
   */
  sent: (deps: Deps, { message, attached, conversation, sender, recipient }: SentMessage) => {
    const sides = [
      { reader: sender.user, member: sender.member, other: recipient.user },
      { reader: recipient.user, member: recipient.member, other: sender.user },
    ];
    for (const { reader, member, other } of sides) {
      const room = deps.realtime.toUser(reader.id);
      room.emit('message_created', { message: presentNewMessage(deps, reader, message, attached) });
      room.emit('conversation_updated', { conversation: conversationView({ conversation, member, other }, undefined) });
    }
    const recipientRoom = deps.realtime.toUser(recipient.user.id);
    // Writing shows the sender has read what came before: when the recipient wrote last, the
    // sender's unseen count clears and the recipient's ticks turn (else nothing changed there).
    if (sender.readPastOther) {
      deps.realtime.toUser(sender.user.id).emit('unread_total', { total: sender.unreadTotal });
      recipientRoom.emit('message_seen', {
        conversationId: conversation.id,
        readerId: sender.user.id,
        readAt: message.createdAt.toISOString(),
      });
    }
    recipientRoom.emit('unread_total', { total: recipient.unreadTotal });
  },
  /** A buyer keeps what they bought, so nobody tells them (`recipientId` null) of its deletion. */
  deleted: (deps: Deps, row: MessageRow, sender: Member, recipientId: string | null) =>
    safely(
      deps,
      Promise.all([
        recipientId ? toMember(deps, recipientId, row, 'message_deleted') : undefined,
        toMember(deps, sender, row, 'message_deleted'),
      ]),
    ),
  fileUpdated: (deps: Deps, row: MessageRow, memberIds: string[]) =>
    safely(deps, Promise.all(memberIds.map((userId) => toMember(deps, userId, row, 'message_file_updated')))),
  /** `readAt` undefined: the pair is blocked, and the other member is told nothing (no read receipt). */
  seen: (deps: Deps, conversationId: string, readerId: string, otherId: string, readAt: Date | undefined) => {
    if (readAt) deps.realtime.toUser(otherId).emit('message_seen', { conversationId, readerId, readAt: readAt.toISOString() });
    return safely(
      deps,
      unreadTotal(deps.db, readerId).then((total) => deps.realtime.toUser(readerId).emit('unread_total', { total })),
    );
  },
};

const typingSchema = z.object({ conversationId: z.uuid() });
/** The web app says "typing" at most every 2 s; more is dropped without a word (it is only a hint). */
const TYPING_LIMIT = { burst: 2, perSecond: 0.5, quietly: true };

/**
 * Messaging's part of the sockets: typing goes to the conversation's other member (a member's
 * only; nothing is stored), and a message file that finished processing refreshes the thread.
 */
export function registerMessagingEvents(deps: Deps) {
  deps.realtime.handle(
    'typing',
    async (userId, payload) => {
      const { conversationId } = typingSchema.parse(payload);
      const member = await otherMemberOf(deps.db, conversationId, userId);
      // Across a block (either way) nobody learns the other is there and typing.
      if (!member || (await isBlockedPair(deps.db, userId, member.otherUserId))) return;
      deps.realtime.toUser(member.otherUserId).emit('typing', { conversationId, userId });
    },
    TYPING_LIMIT,
  );
}

/** A message file finished processing (or failed): both members see the message anew. */
export async function messageFileSettled(deps: Deps, fileId: string) {
  const row = await messageWithFile(deps.db, fileId);
  if (!row || row.message.isDeleted) return;
  const members = await membersOf(deps.db, row.message.conversationId);
  await announce.fileUpdated(
    deps,
    row.message,
    members.map((member) => member.userId),
  );
}

/**
 * An admin hid or removed a message or a live chat line (decision 046): everyone else's open
 * thread or chat drops it at once, with the events of a sender's own deletion, on every process.
 * Its sender keeps seeing it (marked) in a private thread; a chat room is one audience.
 */
export async function retractHeldLine(deps: Deps, messageId: string) {
  const found = await lineWithSender(deps.db, messageId);
  if (!found) return;
  const gone = { ...found.message, isDeleted: true };
  if (found.sessionId) {
    deps.realtime.io
      .to(streamRoom(found.sessionId))
      .emit('stream/message_deleted', { message: presentStreamLine(gone, toPublicUser(found.sender)) });
    return;
  }
  const others = await membersBut(deps.db, gone.conversationId, gone.senderId);
  const retract = async (userId: string) => {
    const member = await findById(deps.db, userId);
    if (!member) return;
    // Gone for a buyer too: only a removal of library content leaves buyers what they paid for.
    const [view] = await presentMessages(deps, member, [gone]);
    await toMember(
      deps,
      { sender: member, view: { ...view!, isDeleted: true, text: DELETED_MESSAGE_TEXT, files: [] } },
      gone,
      'message_deleted',
    );
  };
  await safely(deps, Promise.all(others.map((other) => retract(other.userId))));
}
