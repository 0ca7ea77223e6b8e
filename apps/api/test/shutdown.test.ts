import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode, socketClientOptions } from '@limelight/contracts';
import pg from 'pg';
import { io as connect } from 'socket.io-client';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup';
import { startServerProcess } from './server-process';

/**
 * Issue 28, item 2 (the drain): a real server process, sent SIGTERM while a request is half
 * received and a socket is open, answers the request, closes the socket, and exits 0 within the
 * grace period. On the machine's PostgreSQL when DATABASE_URL is set, else on an embedded one.
 */
const GRACE_MS = 10_000;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database of the run's kind for the child process: its DATABASE_URL, or none (embedded in DATA_DIR). */
async function childDatabase(): Promise<Record<string, string>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) return {};
  const name = `limelight_shutdown_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${inject('postgresTemplate')}"`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: databaseUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  return { DATABASE_URL: withDatabase(databaseUrl, name) };
}

describe('SIGTERM drains the server', () => {
  it('answers the request under way, closes its sockets, takes no new requests and exits 0 within the grace period', {
    timeout: 90_000,
  }, async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'limelight-shutdown-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const {
      child: server,
      origin,
      lines,
      exited,
    } = await startServerProcess({
      ...(await childDatabase()),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RTMP_PORT: 'off',
      LOG_FORMAT: 'json',
      // The other test files share this Redis and sign in from 127.0.0.1 too, as test apps do with this limit.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    });
    cleanups.push(async () => server.exitCode === null && server.kill('SIGKILL'));

    const socket = connect(origin, { ...socketClientOptions, forceNew: true, reconnection: false });
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const socketClosed = new Promise((resolve) => socket.once('disconnect', resolve));

    // A sign-in whose body is half sent when the signal arrives.
    const body = JSON.stringify({ username: 'nobody@example.test', password: 'not-the-password' });
    const request = http.request(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => {
          text += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode!, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const signalled = performance.now();
    server.kill('SIGTERM');
    await socketClosed;
    // Refused once the listener is closed (or, in the instant before, answered 503 by Fastify): never served.
    const late = await fetch(`${origin}/api/health/live`).then(
      (response) => response.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(late);

    request.end(body.slice(20));
    const { status, body: answer } = await answered;
    expect(status).toBe(401);
    expect(JSON.parse(answer)).toMatchObject({ statusCode: 401, code: ErrorCode.invalidCredentials });

    expect(await exited).toBe(0);
    const drainMs = Math.round(performance.now() - signalled);
    expect(drainMs).toBeLessThan(GRACE_MS);
    expect(lines.some((line) => line.includes('Drained in'))).toBe(true);
    console.log(`SIGTERM to exit 0, with a request under way and a socket open: ${drainMs} ms`);
  });
});
