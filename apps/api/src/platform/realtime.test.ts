import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, SANDBOX_CARDS, type ServerToClientEvents, socketClientOptions } from '@limelight/contracts';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { login, PASSWORD, signedIn, verifiedPerformer } from '../../test/factories';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let app: TestApp;
let url: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
});

function open(target: string, query: Record<string, string> = {}): ClientSocket {
  const socket: ClientSocket = connect(target, { ...socketClientOptions, reconnection: false, query, forceNew: true });
  sockets.push(socket);
  return socket;
}
const next = <E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => socket.once(event, ((payload: never) => resolve(payload)) as never));

describe('Socket.IO', () => {
  it('authenticates with the token in the handshake query and joins the user room', async () => {
    const fan = await signedIn(app, 'user');
    const socket = open(url, { token: fan.token });
    expect(await next(socket, 'auth/success')).toEqual({ userId: fan.user.id });
    const received = next(socket, 'update_balance');
    app.deps.realtime.toUser(fan.user.id).emit('update_balance', { balance: 12.5 });
    expect(await received).toEqual({ balance: 12.5 });
  });

  it('pushes the new balance when money moves: the fan’s on a top-up, the creator’s on a tip', async () => {
    const fan = await signedIn(app, 'user');
    const creator = await verifiedPerformer(app);
    const fanSocket = open(url, { token: fan.token });
    const creatorSocket = open(url, { token: creator.token });
    await Promise.all([next(fanSocket, 'auth/success'), next(creatorSocket, 'auth/success')]);
    const card = { number: SANDBOX_CARDS.success, expMonth: 12, expYear: new Date().getUTCFullYear() + 1, cvc: '123' };
    await app.inject({ method: 'POST', url: '/api/sandbox/cards', headers: fan.headers, payload: card });
    const toppedUp = next(fanSocket, 'update_balance');
    await app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: fan.headers, payload: { amount: 25 } });
    expect(await toppedUp).toEqual({ balance: 25 });
    const [spent, earned] = [next(fanSocket, 'update_balance'), next(creatorSocket, 'update_balance')];
    const tip = (key: string) =>
      app.inject({
        method: 'POST',
        url: `/api/wallet/charges/tip/${creator.user.id}`,
        headers: { ...fan.headers, 'idempotency-key': key },
        payload: { price: 10 },
      });
    await tip('first-tip');
    expect(await spent).toEqual({ balance: 15 });
    expect(await earned).toEqual({ balance: 9 });
    // A replayed request answers again but pushes nothing: the next push is the next tip's.
    const later = next(fanSocket, 'update_balance');
    await tip('first-tip');
    await tip('second-tip');
    expect(await later).toEqual({ balance: 5 });
  });

  it('authenticates with the auth/login event', async () => {
    const fan = await signedIn(app, 'user');
    const socket = open(url);
    await next(socket, 'connect' as never);
    const success = next(socket, 'auth/success');
    socket.emit('auth/login', { token: fan.token });
    expect(await success).toEqual({ userId: fan.user.id });
  });

  it('refuses a bad token and a malformed auth/login, and sends nothing private', async () => {
    const fan = await signedIn(app, 'user');
    const socket = open(url, { token: 'forged' });
    expect(await next(socket, 'auth/error')).toMatchObject({ message: expect.stringMatching(/no longer valid/) });
    const malformed = next(socket, 'auth/error');
    socket.emit('auth/login', { token: 42 } as never);
    expect(await malformed).toEqual({ message: 'token is required' });
    let leaked = false;
    socket.on('update_balance', () => {
      leaked = true;
    });
    app.deps.realtime.toUser(fan.user.id).emit('update_balance', { balance: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leaked).toBe(false);
  });

  it('disconnects the sockets of a session that logs out', async () => {
    const fan = await signedIn(app, 'user');
    const socket = open(url, { token: fan.token });
    await next(socket, 'auth/success');
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    await app.inject({ method: 'POST', url: '/api/auth/logout', headers: fan.headers });
    await disconnected;
  });

  /** Resolves once the server drops the socket (the test's own timeout stands for "never"). */
  const dropped = (socket: ClientSocket) => new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

  it('closes the sockets of every session a password change revokes, and keeps the changing one', async () => {
    const fan = await signedIn(app, 'user');
    const otherToken = await login(app, fan.user.email!);
    const [kept, revoked] = [open(url, { token: fan.token }), open(url, { token: otherToken })];
    await Promise.all([next(kept, 'auth/success'), next(revoked, 'auth/success')]);
    let keptDropped = false;
    kept.once('disconnect', () => {
      keptDropped = true;
    });
    const revokedDropped = dropped(revoked);
    const change = await app.inject({
      method: 'PUT',
      url: '/api/auth/users/me/password',
      headers: fan.headers,
      payload: { password: 'violet-tractor-harbour', currentPassword: PASSWORD },
    });
    expect(change.statusCode, change.body).toBe(200);
    await revokedDropped;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(keptDropped).toBe(false);
    // The closed session's socket no longer receives the user's events, and cannot log in again.
    const again = open(url, { token: otherToken });
    expect(await next(again, 'auth/error')).toMatchObject({ message: expect.stringMatching(/no longer valid/) });
  });

  it('closes the sockets of an account an admin deactivates, and of sessions signed out from elsewhere', async () => {
    const admin = await signedIn(app, 'admin');
    const fan = await signedIn(app, 'user');
    const deactivated = open(url, { token: fan.token });
    await next(deactivated, 'auth/success');
    const gone = dropped(deactivated);
    await app.inject({
      method: 'PUT',
      url: `/api/admin/accounts/${fan.user.id}/status`,
      headers: admin.headers,
      payload: { status: 'inactive' },
    });
    await gone;

    const owner = await signedIn(app, 'user');
    const elsewhere = open(url, { token: await login(app, owner.user.email!) });
    await next(elsewhere, 'auth/success');
    const signedOut = dropped(elsewhere);
    const ended = await app.inject({ method: 'DELETE', url: '/api/auth/sessions', headers: owner.headers });
    expect(ended.json()).toMatchObject({ ended: 1 });
    await signedOut;
  });
});

describe('sessions', () => {
  it("lists the places an account is signed in and lets its owner end one, but not another account's", async () => {
    const fan = await signedIn(app, 'user');
    const second = await login(app, fan.user.email!);
    const list = (await app.inject({ url: '/api/auth/sessions', headers: fan.headers })).json();
    expect(list.total).toBe(2);
    expect(list.data.filter((session: { current: boolean }) => session.current)).toHaveLength(1);
    const other = list.data.find((session: { current: boolean }) => !session.current);
    expect(other).not.toHaveProperty('tokenHash');

    const stranger = await signedIn(app, 'user');
    const refused = await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other._id}`, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
    expect((await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(200);

    expect((await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other._id}`, headers: fan.headers })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${second}` } })).statusCode).toBe(401);
  });
});

describe.runIf(process.env.REDIS_URL)('Socket.IO across processes', () => {
  it('delivers an event emitted by one process to a socket connected to another', async () => {
    const other = await createTestApp({}, { database: app.database });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const fan = await signedIn(app, 'user');
      const socket = open(`http://127.0.0.1:${(other.server.address() as AddressInfo).port}`, { token: fan.token });
      await next(socket, 'auth/success');
      const received = next(socket, 'update_balance');
      app.deps.realtime.toUser(fan.user.id).emit('update_balance', { balance: 3 });
      expect(await received).toEqual({ balance: 3 });
      // A logout on this process closes the socket held by the other one.
      const closed = new Promise((resolve) => socket.once('disconnect', resolve));
      await app.inject({ method: 'POST', url: '/api/auth/logout', headers: fan.headers });
      await closed;
    } finally {
      await other.close();
    }
  });

  it('outlives a broadcast that Redis can no longer carry (shutting down): logged, not an unhandled rejection', async () => {
    const other = await createTestApp({}, { database: app.database });
    await other.close();
    other.deps.realtime.toUser(randomUUID()).emit('update_balance', { balance: 1 });
    // The failed publish settles on the next turns of the event loop; an unhandled one fails the run.
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
});
