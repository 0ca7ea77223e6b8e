/**
 * The typed Socket.IO event map shared by the API and the web client.
 * Later capabilities (messages, wallet, live) add their events here.
 */
export type AuthLoginPayload = { token: string };

export interface ClientToServerEvents {
  'auth/login': (payload: AuthLoginPayload) => void;
}

export interface ServerToClientEvents {
  /** Answers `auth/login` and a handshake token: the socket now receives the user's events. */
  'auth/success': (payload: { userId: string }) => void;
  'auth/error': (payload: { message: string }) => void;
  /** The account's wallet balance changed (tokens). */
  update_balance: (payload: { balance: number }) => void;
  /** An admin changed a public setting; clients refetch `GET /settings/public`. */
  'settings/changed': (payload: { keys: string[] }) => void;
}

export const SOCKET_PATH = '/socket.io';
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
