import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ErrorCode, socketClientOptions } from '@limelight/contracts';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openPostgres } from '../src/db/client';
import { jobs, walletCharges } from '../src/db/schema';
import { jobKind } from '../src/platform/jobs';
import { createTestApp, type TestApp } from './app';
import { expectSoundLedger, fundWallet, PASSWORD, registerFan, setSetting, signedIn, subscribe, verifiedPerformer } from './factories';
import { withDatabase } from './global-setup';
import { type ClientSocket, nextEvent } from './realtime';
import { addressOf, startTcpProxy, type TcpProxy } from './tcp-proxy';

/**
 * Issue 28, item 1: PostgreSQL and Redis cut (a TCP proxy in front of each, reset like a crashed
 * server) and restored under a running app. Needs both servers: `npm run outage` runs it against
 * the machine's, and the CI's PostgreSQL pass runs it too. Prints its figures for docs/reliability.md.
 */
const outageJob = jobKind('test-outage', z.object({}));
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const title =
  databaseUrl && redisUrl ? 'dependency outages' : 'dependency outages (skipped: needs DATABASE_URL and REDIS_URL; run `npm run outage`)';

/** The 503 every request meets while the database is away, and the bound on how long it takes. */
const ANSWER_WITHIN_MS = 2_000;
const RECOVER_WITHIN_MS = 5_000;

type Account = Awaited<ReturnType<typeof signedIn>>;
const figures: Record<string, string> = {};

describe.skipIf(!databaseUrl || !redisUrl)(title, () => {
  let app: TestApp;
  let database: DatabaseHandle;
  /** A second process on the same database and Redis, reaching both directly: it never sees the outages. */
  let other: TestApp;
  let otherDatabase: DatabaseHandle;
  let name: string;
  let postgres: TcpProxy;
  let redis: TcpProxy;
  const logs: string[] = [];
  let creator: Account;
  let fan: Account;
  let conversationId: string;
  let socket: ClientSocket;

  beforeAll(async () => {
    postgres = await startTcpProxy(addressOf(databaseUrl!));
    redis = await startTcpProxy(addressOf(redisUrl!));
    name = `limelight_outage_${randomUUID().replaceAll('-', '')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
    await admin.end();
    database = await openPostgres(postgres.through(withDatabase(databaseUrl!, name)), () => undefined);
    app = await createTestApp(
      { redisUrl: redis.through(redisUrl!), logLevel: 'info' },
      { database, logStream: { write: (line) => void logs.push(line) } },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    otherDatabase = await openPostgres(withDatabase(databaseUrl!, name));
    other = await createTestApp({}, { database: otherDatabase });
    creator = await verifiedPerformer(app);
    fan = await signedIn(app, 'user');
    await subscribe(app, fan.user.id, creator.user.id);
    await fundWallet(app, fan.user.id, 100);
    const opened = await app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: fan.headers,
      payload: { source: 'performer', sourceId: creator.user.id },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    conversationId = opened.json()._id;
    socket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
      ...socketClientOptions,
      forceNew: true,
      query: { token: creator.token },
    });
    await nextEvent(socket, 'auth/success');
  });

  afterAll(async () => {
    console.log(
      `Outage figures:\n${Object.entries(figures)
        .map(([figure, value]) => `  ${figure}: ${value}`)
        .join('\n')}`,
    );
    postgres?.restore();
    redis?.restore();
    socket?.disconnect();
    await app?.close();
    await database?.close();
    await other?.close();
    await otherDatabase?.close();
    await postgres?.close();
    await redis?.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const result = await work();
    return { result, ms: Math.round(performance.now() - started) };
  };
  const ready = () => app.inject({ url: '/api/health/ready' });
  const me = () => app.inject({ url: '/api/users/me', headers: fan.headers });
  const signIn = () => app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: fan.user.email, password: PASSWORD } });
  const send = (text: string) =>
    app.inject({ method: 'POST', url: `/api/messages/conversations/${conversationId}`, headers: fan.headers, payload: { text } });
  const tip = (key: string) =>
    app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: { ...fan.headers, 'idempotency-key': key },
      payload: { price: 10 },
    });
  /** Polls until `check` passes; how long that took. */
  const until = async (check: () => Promise<boolean>, limitMs: number) => {
    const started = performance.now();
    while (!(await check())) {
      if (performance.now() - started > limitMs) throw new Error(`not recovered within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return Math.round(performance.now() - started);
  };
  const logged = (message: string) => logs.filter((line) => (JSON.parse(line) as { msg?: string }).msg === message).length;

  it('answers as usual with both dependencies up', async () => {
    expect((await ready()).json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    expect((await me()).statusCode).toBe(200);
  });

  const tipKey = `outage-tip-${randomUUID()}`;
  // A job the outage cuts short: its first run is under way when PostgreSQL goes, and its query fails.
  let jobRuns = 0;
  let jobId: string;
  it('answers 503 in the one error shape within 2 s while PostgreSQL is cut; liveness stays up, readiness says the database is down; jobs pause, logged once', async () => {
    let cutDone!: () => void;
    const cutInPlace = new Promise<void>((resolve) => {
      cutDone = resolve;
    });
    app.deps.jobs.register(outageJob, async () => {
      jobRuns += 1;
      if (jobRuns === 1) await cutInPlace;
      await app.deps.db.execute(sql`select 1`);
    });
    await app.deps.jobs.enqueue(app.deps.db, outageJob, {}, { key: `outage-${randomUUID()}` });
    [{ id: jobId }] = await app.deps.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.name, outageJob.name));
    await until(async () => jobRuns === 1, 5_000);
    postgres.cut();
    cutDone();
    const answers = {
      'a signed-in read': await timed(me),
      'a sign-in': await timed(signIn),
      'a message': await timed(() => send('while the database is away')),
      'a tip with an idempotency key': await timed(() => tip(tipKey)),
    };
    for (const [what, { result, ms }] of Object.entries(answers)) {
      expect(result.statusCode, `${what}: ${result.body}`).toBe(503);
      expect(result.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        code: ErrorCode.serviceUnavailable,
        message: 'The database is unavailable, please try again shortly',
        requestId: result.headers['x-request-id'],
      });
      expect(result.headers['retry-after']).toBe('5');
      expect(ms, what).toBeLessThan(ANSWER_WITHIN_MS);
    }
    figures['answer while PostgreSQL is cut (slowest of 4 requests)'] = `${Math.max(...Object.values(answers).map(({ ms }) => ms))} ms`;

    const readiness = await timed(ready);
    expect(readiness.result.statusCode).toBe(503);
    expect(readiness.result.json()).toEqual({ status: 'unavailable', checks: { database: 'down', redis: 'ok' } });
    expect(readiness.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect((await app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });

    // A few of the queue's polls meet the outage: one line says so.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(logged('database unavailable: jobs paused until it is back')).toBe(1);
    expect(logs.filter((line) => line.includes('claiming a job failed'))).toEqual([]);
  });

  it('recovers by itself within 5 s of PostgreSQL coming back; the tip retried with its key is applied once', async () => {
    postgres.restore();
    const recovery = await until(async () => (await me()).statusCode === 200, RECOVER_WITHIN_MS);
    figures['recovery after PostgreSQL returns (first 200)'] = `${recovery} ms`;
    expect((await ready()).json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    await until(async () => logged('database back: jobs resumed') === 1, RECOVER_WITHIN_MS);
    // The job the outage cut short ran again, and the outage did not use up one of its attempts.
    await until(async () => (await app.deps.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]?.status === 'done', RECOVER_WITHIN_MS);
    expect(jobRuns).toBe(2);
    expect((await app.deps.db.select().from(jobs).where(eq(jobs.id, jobId)))[0]?.attempts).toBe(1);

    const [first, retried] = [await tip(tipKey), await tip(tipKey)];
    expect(first.statusCode, first.body).toBe(200);
    expect(retried.json()).toEqual(first.json());
    const [{ charges }] = await app.deps.db.select({ charges: count() }).from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charges).toBe(1);
    await expectSoundLedger(app);
  });

  it('keeps a single process fully working while Redis is cut: sign-in, sign-up, reads, a message reaching a socket, a settings change; readiness says Redis is down', async () => {
    redis.cut();
    // The clients notice at once (their connections reset); give the first reconnect attempt a moment to fail.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const readiness = await timed(ready);
    expect(readiness.result.statusCode).toBe(200);
    expect(readiness.result.json()).toEqual({ status: 'degraded', checks: { database: 'ok', redis: 'down' } });

    const signInWhileCut = await timed(signIn);
    expect(signInWhileCut.result.statusCode, signInWhileCut.result.body).toBe(200);
    expect((await me()).statusCode).toBe(200);
    await registerFan(app);
    const delivered = nextEvent(socket, 'message_created');
    const sent = await timed(() => send('while Redis is away'));
    expect(sent.result.statusCode, sent.result.body).toBe(200);
    expect((await delivered).message.text).toBe('while Redis is away');
    figures['a sign-in / a message while Redis is cut'] = `${signInWhileCut.ms} ms / ${sent.ms} ms`;

    await setSetting(app, 'siteName', 'Limelight without Redis');
    expect((await app.inject({ url: '/api/settings/public' })).json().siteName).toBe('Limelight without Redis');
    expect((await other.inject({ url: '/api/settings/public' })).json().siteName).not.toBe('Limelight without Redis');
    // Long enough for the clients' reconnect attempts to back off, as in a real outage.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await signIn()).statusCode).toBe(200);
  });

  it('uses Redis again within 5 s of its return: the settings change held meanwhile reaches the other process, and money still moves exactly', async () => {
    redis.restore();
    const recovery = await until(async () => (await ready()).json().checks.redis === 'ok', RECOVER_WITHIN_MS);
    figures['recovery after Redis returns (readiness ok)'] = `${recovery} ms`;
    // The change announced while Redis was away reaches the process that stayed connected.
    await until(
      async () => (await other.inject({ url: '/api/settings/public' })).json().siteName === 'Limelight without Redis',
      RECOVER_WITHIN_MS,
    );
    expect((await signIn()).statusCode).toBe(200);
    const delivered = nextEvent(socket, 'message_created');
    expect((await send('Redis is back')).statusCode).toBe(200);
    expect((await delivered).message.text).toBe('Redis is back');

    const paid = await tip(`after-${randomUUID()}`);
    expect(paid.statusCode, paid.body).toBe(200);
    await expectSoundLedger(app);
  });
});
