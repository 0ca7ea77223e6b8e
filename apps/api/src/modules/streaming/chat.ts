import { type StreamConversation, streamRoom } from '@limelight/contracts';
import type { Queryable } from '../../db/client';
import type { messages } from '../../db/read/messages';
import type { Deps, Sale } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { badRequest, notFound, retryLater } from '../../platform/errors';
import { assertMayReach, assertMayWatch, may } from '../access';
import { clearLines, insertChatLine, insertTipLine, pageOfLines, presentStreamLine } from '../messages';
import { publicUsersById, toPublicUser } from '../users';
import { assertLiveStreamingOn } from './open';
import { liveChatOf, sessionChat } from './repo/sessions';
import { setSlowMode } from './repo/streams';
import { type SessionRow, watchableSession } from './sessions';

/**
 * A live session's public chat (decision 023): the conversations and messages tables, with a
 * conversation of type `stream` per session and no members; its readers are whoever may watch.
 * Lines go out to the session's room (`stream:{sessionId}`) on every process.
 */
type MessageRow = typeof messages.$inferSelect;

/** The session a stream conversation belongs to, with its stream's chat settings; 404 otherwise. */
async function chatOf(db: Queryable, conversationId: string) {
  const row = await sessionChat(db, conversationId);
  if (!row) throw notFound('Conversation');
  return row;
}

const conversationView = (session: SessionRow, slowModeSeconds: number): StreamConversation => ({
  _id: session.conversationId,
  type: 'stream',
  sessionId: session.id,
  performerId: session.performerId,
  status: session.status,
  slowModeSeconds,
});

/** `GET /conversations/stream/performer/{id}`: the chat of the creator's live session (404 when not live). */
export async function performerStreamConversation(deps: Deps, viewer: SessionUser, performerId: string) {
  await assertMayReach(deps.db, viewer, performerId);
  const row = await liveChatOf(deps.db, performerId);
  if (!row) throw notFound('Live session');
  return conversationView(row.session, row.slowModeSeconds);
}

/** `PUT /conversations/stream/{id}/update`: the creator sets the chat's slow mode (their stream's setting). */
export async function updateStreamConversation(deps: Deps, actor: SessionUser, conversationId: string, input: { slowModeSeconds: number }) {
  const chat = await chatOf(deps.db, conversationId).catch(() => undefined);
  if (!chat || !may(actor, 'live.manage', chat.session)) throw notFound('Conversation');
  await setSlowMode(deps.db, chat.session.streamId, input.slowModeSeconds);
  return conversationView(chat.session, input.slowModeSeconds);
}

/**
 * `GET /messages/stream/{id}` and `GET /messages/conversations/public/{id}`: a page of the chat,
 * newest first, for those who may watch the session (also after it ended, to read back).
 */
export async function listStreamMessages(deps: Deps, viewer: SessionUser, conversationId: string, page: { offset: number; limit: number }) {
  const { session } = await chatOf(deps.db, conversationId);
  await assertMayWatch(deps.db, viewer, session);
  const { rows, total } = await pageOfLines(deps.db, conversationId, page, viewer);
  const senders = await publicUsersById(
    deps.db,
    rows.map((row) => row.senderId),
  );
  return { data: rows.map((row) => presentStreamLine(row, senders.get(row.senderId)!)), total };
}

/**
 * `POST /messages/stream/{id}`: a line in a live session's chat, by someone who may watch it.
 * Slow mode (the creator's setting) lets a fan write once per so many seconds: checked and
 * written in one statement. The creator and admins are not slowed.
 */
export async function sendStreamMessage(deps: Deps, sender: SessionUser, conversationId: string, input: { text: string }) {
  const chat = await chatOf(deps.db, conversationId);
  await watchableSession(deps, sender, chat.session.id);
  const slow = may(sender, 'live.skipSlowMode', chat.session) ? 0 : chat.slowModeSeconds;
  const answer = await insertChatLine(deps.db, { conversationId, senderId: sender.id, text: input.text, slowModeSeconds: slow });
  if (!answer?.line) {
    const wait = Math.max(1, answer?.wait ?? slow);
    throw retryLater(`Slow mode is on: you can write again in ${wait} seconds`, wait);
  }
  // The written row came back with the statement: no second read.
  const line = presentStreamLine(answer.line, toPublicUser(sender));
  deps.realtime.io.to(streamRoom(chat.session.id)).emit('stream/message_created', { message: line });
  return line;
}

/** `DELETE /messages/stream/{id}/remove-all-message`: the creator (or an admin) clears the chat. */
export async function clearStreamChat(deps: Deps, actor: SessionUser, conversationId: string) {
  const chat = await chatOf(deps.db, conversationId).catch(() => undefined);
  if (!chat || !may(actor, 'live.manage', chat.session)) throw notFound('Conversation');
  const removed = await clearLines(deps.db, conversationId);
  deps.realtime.io.to(streamRoom(chat.session.id)).emit('stream/chat_cleared', { sessionId: chat.session.id, conversationId });
  return { removed };
}

/**
 * A tip sent in a live session's chat (the wallet's tip with a `sessionId`): to the session's
 * creator, by a fan who may watch it; paid with its highlighted line in one transaction, and
 * announced to the room (the line and the tip) after the commit.
 */
export async function tipInSession(
  deps: Deps,
  fan: SessionUser,
  tip: { performerId: string; placeId: string; cents: number; text: string },
): Promise<Sale> {
  assertLiveStreamingOn(deps);
  const { row: session } = await watchableSession(deps, fan, tip.placeId);
  if (session.performerId !== tip.performerId) {
    throw badRequest('sessionId: is not a live session of this creator', [
      { field: 'sessionId', message: 'must be a live session of this creator' },
    ]);
  }
  let row: MessageRow | undefined;
  return {
    performerId: tip.performerId,
    priceCents: tip.cents,
    itemId: session.id,
    once: false,
    chargeType: 'stream_tip',
    after: async (tx, charge) => {
      row = await insertTipLine(tx, {
        conversationId: session.conversationId,
        fanId: fan.id,
        chargeId: charge.id,
        cents: tip.cents,
        text: tip.text,
      });
    },
    announce: () => {
      if (!row) return;
      const line = presentStreamLine(row, toPublicUser(fan));
      const room = deps.realtime.io.to(streamRoom(session.id));
      room.emit('stream/message_created', { message: line });
      room.emit('stream/tip', { sessionId: session.id, message: line, amount: line.tip! });
    },
  };
}
