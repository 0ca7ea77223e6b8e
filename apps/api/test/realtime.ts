import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, type ServerToClientEvents, socketClientOptions } from '@limelight/contracts';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { createTestApp, type TestApp } from './app';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A listening app for a realtime suite and, with Redis, a second process on the same database, so
 * that sockets on either must meet through the adapter. Registers the suite's setup and teardown;
 * `connected` opens a signed-in socket on one of them, closed with the suite. `overrides` change
 * both processes' config (`rtmpPort: 0` ingests RTMP on a free port; a private show's short test minute).
 */
export function realtimeSuite(overrides: Partial<Config> = {}) {
  const sockets: ClientSocket[] = [];
  const suite = {
    app: undefined as unknown as TestApp,
    other: undefined as TestApp | undefined,
    /** A socket to `instance` with the web client's options and these, closed with the suite. */
    open(instance: TestApp, options: Partial<ManagerOptions & SocketOptions>) {
      const socket: ClientSocket = connect(`http://127.0.0.1:${(instance.server.address() as AddressInfo).port}`, {
        ...socketClientOptions,
        forceNew: true,
        ...options,
      });
      sockets.push(socket);
      return socket;
    },
    /** A socket signed in as `account` that does not reconnect by itself. */
    async connected(account: { token: string }, instance: TestApp) {
      const socket = suite.open(instance, { reconnection: false, query: { token: account.token } });
      await nextEvent(socket, 'auth/success');
      return socket;
    },
  };
  beforeAll(async () => {
    suite.app = await createTestApp(overrides);
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    if (process.env.REDIS_URL) {
      suite.other = await createTestApp(overrides, { database: suite.app.database });
      await suite.other.listen({ port: 0, host: '127.0.0.1' });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await suite.other?.close();
    await suite.app.close();
  });
  return suite;
}

/** The next `event` a socket receives, with its payload. */
export const nextEvent = <E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => socket.once(event, ((payload: never) => resolve(payload)) as never));
