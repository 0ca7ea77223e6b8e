import type { Server as HttpServer } from 'node:http';
import { type ClientToServerEvents, ErrorCode, type ServerToClientEvents, SOCKET_PATH, sessionRoom, userRoom } from '@limelight/contracts';
import type * as RedisAdapter from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Database } from '../db/client';
import { type AccountRefusal, type RequestSession, resolveSessionToken, type SessionUser } from './auth';
import { closeRedis, FAIL_FAST, newRedis } from './bus';
import { AppError, databaseUnavailable, isUnavailable } from './errors';
import { DEFAULT_EVENT_LIMIT, type EventLimit, EventThrottle, scaled, throttledMessage } from './event-throttle';
import { lazyRequire } from './lazy';
import { fromOwnSite, sessionCookieOf } from './web-session';

/** The Redis adapter, loaded only when REDIS_URL is set (decision 019). */
const redisAdapter = lazyRequire<typeof RedisAdapter>('@socket.io/redis-adapter');

type SocketData = { userId?: string; sessionId?: string; role?: SessionUser['role'] };
/**
 * Why a signed-in user may not hold a socket now (the site in maintenance, an admin without a
 * second factor), or undefined when they may; a gate may look it up.
 */
export type SocketGate = (user: Pick<SessionUser, 'id' | 'role'>) => AppError | undefined | Promise<AppError | undefined>;
export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const SIGN_IN_LIMIT: EventLimit = { burst: 5, perSecond: 1 };
/** The spec's event carries the token; the web app's sends none and signs in again with its cookie. */
const authLoginSchema = z.object({ token: z.string().min(1).max(200).optional() }).default({});

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
  /** Accounts that may not hold a socket at all (suspended or banned), as for HTTP. */
  refuseAccount?: AccountRefusal;
  /** The site's public address: a socket signed in by the session cookie must come from its pages. */
  publicUrl?: string;
  /** Multiplies every event's allowance (SOCKET_EVENT_LIMIT_SCALE). */
  eventLimitScale?: number;
}) {
  const io: RealtimeServer = new Server(options.server, { path: SOCKET_PATH, serveClient: false });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    // Broadcasts go out at once or are lost (logged), never queued to arrive late after an outage;
    // the subscriber queues its subscriptions until connected and renews them on every reconnect.
    const pub = newRedis(options.redisUrl, options.log, 'socket adapter publisher', FAIL_FAST);
    const sub = newRedis(options.redisUrl, options.log, 'socket adapter subscriber');
    logFailedPublishes(pub, options.log);
    redisClients.push(pub, sub);
    io.adapter(redisAdapter().createAdapter(pub, sub));
  }

  const gates: SocketGate[] = [];
  const refusalFor = async (user: Pick<SessionUser, 'id' | 'role'>) => {
    for (const gate of gates) {
      const refusal = await gate(user);
      if (refusal) return refusal;
    }
    return undefined;
  };
  /** Tells a socket why it is turned away and closes it (one being signed in, or one found open). */
  const refuse = (
    socket: { emit(event: 'auth/error', payload: { message: string }): unknown; disconnect(close: boolean): unknown },
    refusal: AppError,
  ) => {
    socket.emit('auth/error', { message: refusal.message });
    socket.disconnect(true);
  };
  const authenticate = async (socket: RealtimeSocket, token: string) => {
    const session = await resolveSessionToken(options.db, token, options.refuseAccount);
    if (session instanceof AppError) {
      socket.emit('auth/error', { message: session.message });
      return;
    }
    const refused = await refusalFor(session.user);
    if (refused) return refuse(socket, refused);
    join(socket, session);
  };
  let closing = false;
  // Presence updates in flight; closing waits for them, as they may still ask Redis who is online.
  const inFlight = new Set<Promise<void>>();
  const report = (work: Promise<void> | undefined) => {
    if (!work) return;
    const tracked = work.catch((error: unknown) => options.log.error({ err: error }, 'presence update failed'));
    inFlight.add(tracked);
    void tracked.finally(() => inFlight.delete(tracked));
  };
  const wentOffline = async (userId: string) => {
    // While shutting down, this process's sockets drop but the users may be online elsewhere.
    if (closing) return;
    if ((await io.in(userRoom(userId)).fetchSockets()).length === 0) await options.presence?.offline(userId);
  };
  const join = (socket: RealtimeSocket, session: RequestSession) => {
    const previous = socket.data.userId;
    if (socket.data.sessionId && socket.data.sessionId !== session.id) socket.leave(sessionRoom(socket.data.sessionId));
    socket.join(sessionRoom(session.id));
    if (previous === session.user.id) {
      socket.data.sessionId = session.id;
      socket.data.role = session.user.role;
      return void socket.emit('auth/success', { userId: session.user.id });
    }
    if (previous) {
      socket.leave(userRoom(previous));
      report(wentOffline(previous));
    }
    socket.data = { userId: session.user.id, sessionId: session.id, role: session.user.role };
    socket.join(userRoom(session.user.id));
    socket.emit('auth/success', { userId: session.user.id });
    report(options.presence?.online(session.user.id));
  };

  /** What signed-in sockets may send besides `auth/login` (typing, stream rooms), each handled by its module. */
  const handlers = new Map<string, { handle: SocketHandler; limit: EventLimit }>();
  const throttle = new EventThrottle();
  const signInLimit = scaled(SIGN_IN_LIMIT, options.eventLimitScale);
  const leaveListeners: Array<(userId: string, rooms: string[]) => Promise<void>> = [];

  io.on('connection', (socket) => {
    const context: SocketContext = {
      id: socket.id,
      join: (room) => socket.join(room),
      leave: (room) => socket.leave(room),
      inRoom: (room) => socket.rooms.has(room),
      isConnected: () => socket.connected,
    };
    for (const [event, { handle, limit }] of handlers) {
      socket.on(event as keyof ClientToServerEvents, (payload: unknown, answer?: unknown) => {
        const { userId } = socket.data;
        const reply = typeof answer === 'function' ? (answer as (result: unknown) => void) : undefined;
        if (!userId) return reply?.({ ok: false, code: ErrorCode.unauthenticated, message: 'Sign in first' });
        if (!throttle.take(userId, event, limit)) {
          if (limit.quietly) return;
          const refusal = { code: ErrorCode.rateLimited, message: throttledMessage(event, limit) };
          return reply ? reply({ ok: false, ...refusal }) : socket.emit('event_refused', { event, ...refusal });
        }
        handle(userId, payload, context).then(
          (result) => reply?.({ ok: true, ...(typeof result === 'object' ? result : {}) }),
          (error: unknown) => {
            options.log.warn({ err: error, event }, 'socket event refused');
            const refusal = refusalOf(error);
            if (reply) reply({ ok: false, ...refusal });
            else socket.emit('event_refused', { event, ...refusal });
          },
        );
      });
    }
    // The rooms a socket was in are gone by `disconnect`: kept from `disconnecting` for the listeners.
    let roomsAtExit: string[] = [];
    socket.on('disconnecting', () => {
      roomsAtExit = [...socket.rooms];
    });
    socket.on('disconnect', () => {
      const { userId } = socket.data;
      if (!userId) return;
      report(wentOffline(userId));
      for (const listener of leaveListeners) report(listener(userId, roomsAtExit));
    });
    const handshakeToken = socket.handshake.query.token;
    // The web app's socket carries no token of its own: the handshake brings the HttpOnly session
    // cookie, accepted from the site's own pages only (another site's page would ride on it).
    const cookieToken = sessionCookieOf(socket.handshake.headers);
    const token =
      typeof handshakeToken === 'string' && handshakeToken
        ? handshakeToken
        : cookieToken && options.publicUrl && fromOwnSite(socket.handshake.headers, options.publicUrl)
          ? cookieToken
          : undefined;
    if (token) authenticate(socket, token).catch((error: unknown) => options.log.error({ err: error }, 'socket auth failed'));
    socket.on('auth/login', (payload) => {
      // Each sign-in looks the session up: a socket may try a few, not hammer the database.
      if (!throttle.take(socket.id, 'auth/login', signInLimit)) {
        socket.emit('auth/error', { message: throttledMessage('auth/login', signInLimit) });
        return;
      }
      const parsed = authLoginSchema.safeParse(payload);
      const token = parsed.success
        ? (parsed.data.token ?? (options.publicUrl && fromOwnSite(socket.handshake.headers, options.publicUrl) ? cookieToken : undefined))
        : undefined;
      if (!token) {
        socket.emit('auth/error', { message: 'token is required' });
        return;
      }
      authenticate(socket, token).catch((error: unknown) => options.log.error({ err: error }, 'socket auth failed'));
    });
  });

  return {
    io,
    toUser: (userId: string) => io.to(userRoom(userId)),
    /**
     * Handles a client event from signed-in sockets, at most `limit` of them per account (refused
     * past it, naming the limit); register before the server takes connections.
     */
    handle: <E extends Exclude<keyof ClientToServerEvents, 'auth/login'>>(
      event: E,
      handler: SocketHandler,
      limit = DEFAULT_EVENT_LIMIT,
    ) => {
      handlers.set(event, { handle: handler, limit: scaled(limit, options.eventLimitScale) });
    },
    /** Told the rooms a signed-in socket was in when it disconnected (a live session's viewer count). */
    onDisconnect: (listener: (userId: string, rooms: string[]) => Promise<void>) => {
      leaveListeners.push(listener);
    },
    /**
     * Closes the sockets opened with sessions that were just revoked (logout, password change or
     * reset, deactivation, signing out elsewhere), on every process through the Redis adapter.
     */
    disconnectSessions: (sessionIds: string[]) => {
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    /**
     * Refuses sockets to users a gate turns away (the site in maintenance, an admin who must first
     * set up a second factor): a socket signing in is
     * refused, and `enforceGates` closes those already open, on this process (each process calls it
     * as the change reaches it).
     */
    gate: (gate: SocketGate) => {
      gates.push(gate);
    },
    enforceGates: async () => {
      for (const socket of await io.local.fetchSockets()) {
        const { userId, role } = socket.data;
        const refused = userId && role ? await refusalFor({ id: userId, role }) : undefined;
        if (refused) refuse(socket, refused);
      }
    },
    /** Ends this process's sockets; the HTTP server itself is closed by Fastify. */
    close: async () => {
      closing = true;
      io.local.disconnectSockets(true);
      await Promise.allSettled([...inFlight]);
      io.engine.close();
      await Promise.all(redisClients.map(closeRedis));
    },
  };
}
export type Realtime = ReturnType<typeof createRealtime>;

/**
 * The socket that sent the event: its id (also the name of a room only it is in, which
 * `onDisconnect` lists) and what a handler may do with it: enter or leave a room.
 */
export type SocketContext = {
  id: string;
  join(room: string): void;
  leave(room: string): void;
  inRoom(room: string): boolean;
  /** False once the client went: a handler that awaited learns its work is for no one. */
  isConnected(): boolean;
};
/**
 * Handles one client event of a signed-in socket. What it returns is the acknowledgement's
 * answer (`{ ok: true, ...result }`); what it throws is refused in the one error shape (`{ ok:
 * false, code, message }`), to the acknowledgement or, without one, as `event_refused`.
 */
export type SocketHandler = (userId: string, payload: unknown, socket: SocketContext) => Promise<unknown>;

function refusalOf(error: unknown): { code: string; message: string } {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (isUnavailable(error)) return refusalOf(databaseUnavailable());
  if (error instanceof z.ZodError)
    return {
      code: ErrorCode.validation,
      message: error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`).join('; '),
    };
  return { code: ErrorCode.internal, message: 'Something went wrong, please try again later' };
}

/**
 * The Redis adapter publishes every broadcast without waiting for it, so a publish that fails
 * (Redis restarting, or this process shutting down) would be an unhandled rejection and end the
 * process. A lost realtime event is not worth that: it is logged, and clients catch up on reconnect.
 */
function logFailedPublishes(client: Redis, log: FastifyBaseLogger) {
  const publish = client.publish.bind(client) as (channel: string, message: string | Buffer) => Promise<number>;
  client.publish = ((channel: string, message: string | Buffer) =>
    publish(channel, message).catch((error: unknown) => {
      log.warn({ err: error, channel }, 'realtime publish failed');
      return 0;
    })) as Redis['publish'];
}
