/**
 * The typed Socket.IO event map shared by the API and the web client.
 * Later capabilities (messages, wallet, live) add their events here.
 */
import type { Conversation, Message } from './messages';
import type { Notification } from './notifications';
import type { LiveSession, PrivateRequest, PrivateSignal, SessionEndReason, SocketAnswer, StreamMessage } from './streaming';

/** The spec's clients send their token; the web app sends none and its HttpOnly cookie signs the socket in (decision 047). */
export type AuthLoginPayload = { token?: string };

export interface ClientToServerEvents {
  'auth/login': (payload: AuthLoginPayload) => void;
  /** The user is typing in a conversation; its other member is told (not stored). */
  typing: (payload: { conversationId: string }) => void;
  /** Watch a live session: its chat, tips, counts and end arrive in its room (entitled viewers only). */
  'stream/join': (payload: { sessionId: string }, answer?: (result: SocketAnswer<{ members: number }>) => void) => void;
  'stream/leave': (payload: { sessionId: string }, answer?: (result: SocketAnswer) => void) => void;
  /**
   * The creator broadcasts their live session from the browser: `live/start` names the recorder's
   * container (`video/x-matroska;codecs=avc1,opus` where offered), then each recorder chunk
   * arrives as one binary `live/chunk`, in order, until `live/stop`. One broadcast per socket.
   */
  'live/start': (payload: { sessionId: string; mimeType: string }, answer?: (result: SocketAnswer) => void) => void;
  'live/chunk': (chunk: ArrayBuffer) => void;
  'live/stop': (payload: { sessionId: string }) => void;
  /** A private show's WebRTC signalling, relayed to the other party (only its two people, only while accepted or live). */
  'private/signal': (payload: { showId: string; signal: PrivateSignal }) => void;
  /**
   * This side's RTCPeerConnection is connected: the show goes live and its billing starts when
   * both sides have said so. Sent again after every socket reconnect while the call is up: a party
   * without a socket in the show for 30 s ends it (`disconnected`).
   */
  'private/connected': (payload: { showId: string }, answer?: (result: SocketAnswer) => void) => void;
  /** Either party hangs up: the show ends. */
  'private/hangup': (payload: { showId: string }) => void;
}

export interface ServerToClientEvents {
  /** Answers `auth/login` and a handshake token: the socket now receives the user's events. */
  'auth/success': (payload: { userId: string }) => void;
  'auth/error': (payload: { message: string }) => void;
  /** The account's wallet balance changed (tokens). */
  update_balance: (payload: { balance: number }) => void;
  /** An admin changed a public setting; clients refetch `GET /settings/public`. */
  'settings/changed': (payload: { keys: string[] }) => void;
  /** A message in one of the user's conversations, as they see it (their own, sent from elsewhere, too). */
  message_created: (payload: { message: Message }) => void;
  /** A message was taken back: show "Message deleted!" in its place. */
  message_deleted: (payload: { message: Message }) => void;
  /** A file of a message finished processing (or failed). */
  message_file_updated: (payload: { message: Message }) => void;
  /** The other member read the conversation up to `readAt`: the sender's ticks turn. */
  message_seen: (payload: { conversationId: string; readerId: string; readAt: string }) => void;
  typing: (payload: { conversationId: string; userId: string }) => void;
  /** The conversation's summary changed (last message, unseen count, status) as this user sees it. */
  conversation_updated: (payload: { conversation: Conversation }) => void;
  /** The user's unseen messages over every conversation. */
  unread_total: (payload: { total: number }) => void;
  /** Something happened to the account (the bell): the notification and the new unread count. */
  notification_created: (payload: { notification: Notification; unread: number }) => void;
  /** A client event was refused (no acknowledgement was asked for): which, and why. */
  event_refused: (payload: { event: string; code: string; message: string }) => void;
  /** Live session rooms (`stream:{sessionId}`): who is watching, chat, tips, and the end. */
  'stream/members': (payload: { sessionId: string; members: number }) => void;
  /** To the session's creator only: who joined or left (the room hears the count). */
  'stream/member_joined': (payload: { sessionId: string; userId: string }) => void;
  'stream/member_left': (payload: { sessionId: string; userId: string }) => void;
  'stream/message_created': (payload: { message: StreamMessage }) => void;
  /** A chat line was taken back: show "Message deleted" in its place. */
  'stream/message_deleted': (payload: { message: StreamMessage }) => void;
  'stream/chat_cleared': (payload: { sessionId: string; conversationId: string }) => void;
  /** A tip in the chat (its highlighted line comes as `stream/message_created` too). */
  'stream/tip': (payload: { sessionId: string; message: StreamMessage; amount: number }) => void;
  /** Its creator changed the session: what every viewer sees of it. */
  'stream/updated': (payload: Pick<LiveSession, 'title' | 'description' | 'access' | 'price'> & { sessionId: string }) => void;
  'stream/ended': (payload: { sessionId: string; reason: SessionEndReason }) => void;
  /** The session's first playlist exists: viewers waiting for the picture ask `GET /streaming/join/{id}` again. */
  'stream/ready': (payload: { sessionId: string }) => void;
  /** To the broadcasting creator: their browser broadcast or RTMP publish stopped working, and why. */
  'live/error': (payload: { sessionId: string; message: string }) => void;
  /** A private show's signalling from the other party. */
  'private/signal': (payload: { showId: string; fromUserId: string; signal: PrivateSignal }) => void;
  /**
   * To both parties: minute `minute` of a live show was charged (`amount` tokens) at its start, or
   * the fan's wallet cannot pay the minute that starts in `secondsLeft` (the show then ends with `wallet`).
   */
  'private/minute_charged': (payload: { showId: string; minute: number; amount: number }) => void;
  'private/low_balance': (payload: { showId: string; secondsLeft: number }) => void;
  /** To the creator: a private show request arrived, or left their pending list (by conversationId). */
  'private/request_added': (payload: { request: PrivateRequest }) => void;
  'private/request_removed': (payload: { conversationId: string; status: string }) => void;
  /** To both parties: a request they are in changed state. */
  'private/request_updated': (payload: { request: PrivateRequest }) => void;
}

export const SOCKET_PATH = '/socket.io';
/**
 * The web app's session (decision 047): the server sets the token in an HttpOnly cookie that no
 * script reads, and beside it a cookie that holds no secret and only says someone is signed in,
 * so the app knows at its first screen whether to ask who (both expire with the session).
 */
export const SESSION_COOKIE = 'token';
export const SIGNED_IN_COOKIE = 'signed_in';
/** Spec section 9: unlimited attempts, 1 s initial delay, 10 s at most, websocket first, 20 s timeout. */
export const socketClientOptions = {
  path: SOCKET_PATH,
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 10_000,
  transports: ['websocket', 'polling'] as Array<'websocket' | 'polling'>,
  timeout: 20_000,
};

export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket opened with a session is in its room, so revoking the session can close them all. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
