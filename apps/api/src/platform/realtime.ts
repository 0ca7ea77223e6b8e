import type { Server as HttpServer } from 'node:http';
import { type ClientToServerEvents, type ServerToClientEvents, SOCKET_PATH, userRoom } from '@limelight/contracts';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Database } from '../db/client';
import { type RequestSession, resolveSessionToken } from './auth';
import { AppError } from './errors';

type SocketData = { userId?: string; sessionId?: string };
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const authLoginSchema = z.object({ token: z.string().min(1).max(200) });

/**
 * Socket.IO on the API's HTTP server. A socket authenticates with `?token=` at handshake or with
 * the `auth/login` event, then joins its user's room; every emit to a user goes to that room,
 * so with the Redis adapter it reaches the user's sockets on any process.
 */
/** Told when a user's first socket joins and when their last one leaves (online presence). */
export type PresenceListener = { online(userId: string): Promise<void>; offline(userId: string): Promise<void> };

export function createRealtime(options: {
  server: HttpServer;
  db: Database;
  redisUrl?: string;
  log: FastifyBaseLogger;
  presence?: PresenceListener;
}) {
  const io: RealtimeServer = new Server(options.server, { path: SOCKET_PATH, serveClient: false });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl);
    const sub = pub.duplicate();
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  const authenticate = async (socket: RealtimeSocket, token: string) => {
    const session = await resolveSessionToken(options.db, token);
    if (session instanceof AppError) {
      socket.emit('auth/error', { message: session.message });
      return;
    }
    join(socket, session);
  };
  let closing = false;
  const report = (work: Promise<void> | undefined) =>
    work?.catch((error: unknown) => options.log.error({ err: error }, 'presence update failed'));
  const wentOffline = async (userId: string) => {
    // While shutting down, this process's sockets drop but the users may be online elsewhere.
    if (closing) return;
    if ((await io.in(userRoom(userId)).fetchSockets()).length === 0) await options.presence?.offline(userId);
  };
  const join = (socket: RealtimeSocket, session: RequestSession) => {
    const previous = socket.data.userId;
    if (previous === session.user.id) return void socket.emit('auth/success', { userId: session.user.id });
    if (previous) {
      socket.leave(userRoom(previous));
      void report(wentOffline(previous));
    }
    socket.data = { userId: session.user.id, sessionId: session.id };
    socket.join(userRoom(session.user.id));
    socket.emit('auth/success', { userId: session.user.id });
    void report(options.presence?.online(session.user.id));
  };

  io.on('connection', (socket) => {
    socket.on('disconnect', () => {
      if (socket.data.userId) void report(wentOffline(socket.data.userId));
    });
    const handshakeToken = socket.handshake.query.token;
    if (typeof handshakeToken === 'string' && handshakeToken) {
      authenticate(socket, handshakeToken).catch((error: unknown) => options.log.error({ err: error }, 'socket auth failed'));
    }
    socket.on('auth/login', (payload) => {
      const parsed = authLoginSchema.safeParse(payload);
      if (!parsed.success) {
        socket.emit('auth/error', { message: 'token is required' });
        return;
      }
      authenticate(socket, parsed.data.token).catch((error: unknown) => options.log.error({ err: error }, 'socket auth failed'));
    });
  });

  return {
    io,
    toUser: (userId: string) => io.to(userRoom(userId)),
    /** Drops the sockets opened with a session that was just revoked (logout). */
    disconnectSession: async (sessionId: string) => {
      const sockets = await io.fetchSockets();
      for (const socket of sockets) if (socket.data.sessionId === sessionId) socket.disconnect(true);
    },
    /** Ends this process's sockets; the HTTP server itself is closed by Fastify. */
    close: async () => {
      closing = true;
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;
