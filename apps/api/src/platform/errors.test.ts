import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { forPeople, isUnavailable } from './errors';

describe('error messages are written for people', () => {
  it.each([
    ['paymentAccountType: no paypal account on file', 'Payment account type: no paypal account on file'],
    ['sessionId: give either sessionId or showId', 'Session: give either session or show'],
    ['fileIds: a file may be used once', 'Files: a file may be used once'],
    ['cursor is not valid: use the nextCursor of the previous page', 'cursor is not valid: use the next cursor of the previous page'],
    ['minimumTipPrice must not exceed maximumTipPrice', 'Minimum tip price must not exceed maximum tip price'],
    ['idVerification must be a JPEG, PNG or WebP image or a PDF', 'ID verification must be a JPEG, PNG or WebP image or a PDF'],
  ])('%s', (raw, human) => {
    expect(forPeople(raw)).toBe(human);
  });

  it('leaves plain words, brand names, paths, addresses and usernames-in-paths alone', () => {
    for (const message of [
      'price: must be between 1 and 1000 tokens',
      'reCAPTCHA verification failed, please try again',
      'Route GET /api/user/fooBar not found',
      'sent to ava.stoneSmith@example.test',
      'Your session has expired, please log in again',
    ]) {
      expect(forPeople(message)).toBe(message);
    }
  });
});

describe('a database out of reach is told apart from a wrong query', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it.each([
    ['connection refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['connection reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['server shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['connection exception class 08', withCode('connection failure', '08006')],
    ['a statement_timeout (57014)', withCode('canceling statement due to statement timeout', '57014')],
    ['a connection that died mid-query', new Error('Connection terminated unexpectedly')],
    ["the pool's connection timeout", new Error('timeout exceeded when trying to connect')],
    ['a query that got no answer', new Error('Query read timeout')],
    ['wrapped by drizzle as the cause', new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') })],
  ])('%s is unavailable', (_name, error) => {
    expect(isUnavailable(error)).toBe(true);
  });

  it("is told by the driver's own error when a server takes the connection and never answers", async () => {
    // What a PostgreSQL restarting, or a machine too loaded to answer the startup within the
    // connect timeout, looks like to the client (a chaos run in CI answered it 500).
    const held = new Set<net.Socket>();
    const silent = net.createServer((socket) => held.add(socket)).listen(0, '127.0.0.1');
    await new Promise((resolve) => silent.once('listening', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const client = new pg.Client({ host: '127.0.0.1', port, connectionTimeoutMillis: 100 });
    const failure = await client.connect().then(
      () => undefined,
      (error: unknown) => error,
    );
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    expect(failure).toBeInstanceOf(Error);
    expect(isUnavailable(new Error('Failed query: select 1', { cause: failure }))).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'ECONNREFUSED'],
  ])('%s is not', (_name, error) => {
    expect(isUnavailable(error)).toBe(false);
  });
});
