import { type ClientToServerEvents, type ServerToClientEvents, socketClientOptions } from '@limelight/contracts/constants';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { io, Socket } from 'socket.io-client';
import { tabToken } from './token';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type SocketStatus = 'initialized' | 'connected' | 'disconnect' | 'reconnecting' | 'failed';

/** The socket's state (spec 4), shown in the header while the connection is being restored. */
export const socketSlice = createSlice({
  name: 'socket',
  initialState: { status: null as SocketStatus | null },
  reducers: {
    socketStatusChanged: (state, action: PayloadAction<SocketStatus | null>) => {
      state.status = action.payload;
    },
  },
});
export const { socketStatusChanged } = socketSlice.actions;

/** socket.io-client is loaded only once someone signs in: a visitor never needs it. */
export const loadSocketClient = () => import('socket.io-client').then((module) => module.io);

/**
 * Opens the socket (with the client from loadSocketClient) for a signed-in user with the spec's reconnection policy (section 9). The
 * handshake carries the HttpOnly session cookie (no token is readable here, decision 047), and
 * `auth/login` is sent again after every reconnect so a new server process learns who this is.
 */
export function openSocket(connect: typeof io, onStatus: (status: SocketStatus) => void): AppSocket {
  // An admin's log-in-as tab signs its socket in with that session's token (decision 052).
  const token = tabToken();
  const socket: AppSocket = connect({ ...socketClientOptions, withCredentials: true, ...(token ? { query: { token } } : {}) });
  onStatus('initialized');
  socket.on('connect', () => onStatus('connected'));
  socket.on('disconnect', () => onStatus('disconnect'));
  socket.io.on('reconnect_attempt', () => onStatus('reconnecting'));
  socket.io.on('reconnect', () => {
    socket.emit('auth/login', token ? { token } : {});
  });
  socket.io.on('reconnect_failed', () => onStatus('failed'));
  return socket;
}

/** The signed-in user's socket, for features that listen or send; the Shell opens and closes it. */
let current: AppSocket | undefined;
const watchers = new Set<() => void>();
export function setCurrentSocket(socket: AppSocket | undefined) {
  current = socket;
  for (const watcher of watchers) watcher();
}
export const currentSocket = () => current;
export function watchCurrentSocket(watcher: () => void) {
  watchers.add(watcher);
  return () => {
    watchers.delete(watcher);
  };
}
