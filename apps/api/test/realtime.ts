import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, type ServerToClientEvents, socketClientOptions } from '@limelight/contracts';
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../src/config';
import { createTestApp, type TestApp } from './app';
import { startS3Server } from './s3';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * A listening app for a realtime suite and, with Redis, a second process on the same database, so
 * that sockets on either must meet through the adapter. Registers the suite's setup and teardown;
 * `connected` opens a signed-in socket on one of them, closed with the suite. `overrides` change
 * both processes' config (`rtmpPort: 0` ingests RTMP on a free port; a private show's short test
 * minute). With `sharedStorage`, the second process runs even without Redis, on the first's
 * storage too, as a site's processes do: its data directory (`disk`), or a bucket of a local S3
 * server both use (`s3`).
 */
export function realtimeSuite(overrides: Partial<Config> = {}, { sharedStorage }: { sharedStorage?: 'disk' | 's3' } = {}) {
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
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
    if (sharedStorage === 's3') s3 = await startS3Server();
    const config = { ...overrides, ...(s3 && { s3: s3.options }) };
    suite.app = await createTestApp(config);
    await suite.app.listen({ port: 0, host: '127.0.0.1' });
    if (process.env.REDIS_URL || sharedStorage) {
      const disk = sharedStorage === 'disk' ? { dataDir: suite.app.dataDir } : {};
      suite.other = await createTestApp({ ...config, ...disk }, { database: suite.app.database });
      await suite.other.listen({ port: 0, host: '127.0.0.1' });
    }
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await suite.other?.close();
    await suite.app.close();
    await s3?.close();
  });
  return suite;
}

/** The next `event` a socket receives, with its payload. */
export const nextEvent = <E extends keyof ServerToClientEvents>(socket: ClientSocket, event: E) =>
  new Promise<Parameters<ServerToClientEvents[E]>[0]>((resolve) => socket.once(event, ((payload: never) => resolve(payload)) as never));
