import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type ClientToServerEvents, ErrorCode, type PrivateSignal, socketClientOptions } from '@limelight/contracts';
import fc from 'fast-check';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { fundWallet, signedIn, subscribedPair, type verifiedPerformer } from '../factories';
import { type ClientSocket, nextEvent } from '../realtime';
import { HOSTILE_NUMBERS, HOSTILE_STRINGS, PROTOTYPE_KEYS } from './values';

/**
 * The socket side of the property-based fuzzer (api-fuzz.test.ts is the HTTP side): whoever sends
 * it (a socket not signed in, a fan, a creator, an admin) and whatever it carries (wrong types,
 * missing, extra and prototype fields, huge and hostile strings, numbers at every edge, binary,
 * ids of what the sender has no part in), every client event is answered `{ ok: true }` or
 * refused with a known code and a message, never "internal"; nothing is logged as an error; and
 * nobody else hears what a sender may not say to them (typing into, or signalling for, a
 * conversation or a private show of two other people).
 *
 * `npm test` runs SOCKET_CASES cases per event; `npm run fuzz` runs FUZZ_RUNS per event.
 * Replay a failure with the seed it prints (`FUZZ_SEED=<seed>`).
 */
const seed = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_261_127) | 0;
const SOCKET_CASES = 60;
const casesPerEvent = Number(process.env.FUZZ_RUNS ?? SOCKET_CASES);
/** An acknowledgement slower than this counts as none: every handled event must answer. */
const ANSWER_WITHIN_MS = 5_000;

/** Every event a client may send, held to the contract's list by the type check below. */
const EVENTS = [
  'auth/login',
  'typing',
  'stream/join',
  'stream/leave',
  'live/start',
  'live/chunk',
  'live/stop',
  'private/signal',
  'private/connected',
  'private/hangup',
] as const satisfies ReadonlyArray<keyof ClientToServerEvents>;
type Event = (typeof EVENTS)[number];

const ROLES = ['anonymous', 'user', 'performer', 'admin'] as const;
type Role = (typeof ROLES)[number];

const KNOWN_CODES = new Set<string>(Object.values(ErrorCode));
const offer: PrivateSignal = { type: 'offer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };

let app: TestApp;
const errorLogs: string[] = [];
const tokens = new Map<Exclude<Role, 'anonymous'>, string>();
const sockets = new Map<Role, ClientSocket>();
/** What a socket was refused without an acknowledgement (`event_refused`), for every socket opened. */
const unacknowledgedRefusals: Array<{ event: string; code: string }> = [];
/** Ids the senders have a part in, and ids of two other people's conversation, live session and private show. */
const ids: string[] = [];
/** Typing and signalling that reached the two other people: must stay empty. */
const overheard: string[] = [];
const openSockets: ClientSocket[] = [];

function open(token?: string) {
  const socket: ClientSocket = connect(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, {
    ...socketClientOptions,
    forceNew: true,
    reconnection: false,
    ...(token ? { query: { token } } : {}),
  });
  socket.on('event_refused', (refusal) => unacknowledgedRefusals.push(refusal));
  openSockets.push(socket);
  return socket;
}
async function signedInSocket(token: string) {
  const socket = open(token);
  await nextEvent(socket, 'auth/success');
  return socket;
}
/** The role's socket, opened again when a case ended it (a junk sign-in, a broadcast refused). */
async function socketOf(role: Role) {
  const socket = sockets.get(role);
  if (socket?.connected) return socket;
  socket?.disconnect();
  const fresh = role === 'anonymous' ? open() : await signedInSocket(tokens.get(role)!);
  if (role === 'anonymous') await nextEvent(fresh, 'connect' as never);
  sockets.set(role, fresh);
  return fresh;
}

/** A creator at 10 tokens a minute, a fan holding 50, and the fan's private show the creator accepted. */
async function acceptedShow(creator: Awaited<ReturnType<typeof verifiedPerformer>>, fan: Awaited<ReturnType<typeof signedIn>>) {
  await app.inject({ method: 'PUT', url: '/api/streaming/update', headers: creator.headers, payload: { privateShowPrice: 10 } });
  await fundWallet(app, fan.user.id, 50);
  const request = await app.inject({
    method: 'POST',
    url: '/api/streaming/private-requests',
    headers: fan.headers,
    payload: { performerId: creator.user.id },
  });
  const showId = request.json()._id as string;
  await app.inject({
    method: 'PUT',
    url: `/api/streaming/private-requests/${showId}`,
    headers: creator.headers,
    payload: { action: 'accept' },
  });
  return showId;
}
async function liveSession(creator: { headers: Record<string, string> }) {
  const live = await app.inject({ method: 'POST', url: '/api/streaming/live', headers: creator.headers, payload: { title: 'Fuzzed' } });
  return live.json()._id as string;
}

beforeAll(async () => {
  app = await createTestApp(
    // Each event's allowance raised, so that cases reach the handlers rather than the throttle (event-throttle.test.ts tests it).
    { socketEventLimitScale: 100_000, logLevel: 'error' },
    { logStream: { write: (line) => void errorLogs.push(line) } },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The senders: a fan and a creator with a conversation, a live session and a private show of their own.
  const mine = await subscribedPair(app);
  const admin = await signedIn(app, 'admin');
  tokens.set('user', mine.fan.token);
  tokens.set('performer', mine.creator.token);
  tokens.set('admin', admin.token);
  ids.push(mine.conversationId, await liveSession(mine.creator), await acceptedShow(mine.creator, mine.fan), mine.fan.user.id);
  // Two other people, listening for what only a party to their conversation or show may send them.
  const others = await subscribedPair(app);
  ids.push(
    others.conversationId,
    await liveSession(others.creator),
    await acceptedShow(others.creator, others.fan),
    others.creator.user.id,
  );
  for (const account of [others.fan, others.creator]) {
    const socket = await signedInSocket(account.token);
    socket.on('typing', (typing) => overheard.push(`typing ${JSON.stringify(typing)}`));
    socket.on('private/signal', (signal) => overheard.push(`private/signal ${JSON.stringify(signal)}`));
  }
});
afterAll(async () => {
  for (const socket of openSockets) socket.disconnect();
  await app?.close();
});

const junk = fc.oneof(
  fc.constantFrom<unknown>(...HOSTILE_STRINGS, ...HOSTILE_NUMBERS, null, true, [], {}),
  fc.anything({ maxDepth: 2, maxKeys: 5, withNullPrototype: true }),
  fc.string({ unit: 'binary', maxLength: 2_000 }),
);
const mimeType = fc.oneof(fc.constantFrom('video/x-matroska;codecs=avc1,opus', 'video/webm;codecs=vp8,opus', 'video/mp4'), junk);
const signal = fc.oneof(
  fc.constant<unknown>(offer),
  fc.record({ type: fc.constantFrom('offer', 'answer', 'candidate', 'bye'), sdp: junk, candidate: junk }, { requiredKeys: ['type'] }),
  junk,
);
/** What an event carries: the fields an event may name, any of them present or not, plus extra and prototype keys; or anything else. */
function payloadOf(known: string[]) {
  const id = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: junk },
  );
  const shaped = fc
    .tuple(
      fc.record(
        { conversationId: id, sessionId: id, showId: id, mimeType, signal, token: fc.oneof(junk, fc.uuid()) },
        { requiredKeys: [] },
      ),
      fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS, 'extra'), junk, { maxKeys: 3 }),
    )
    .map(([fields, extra]) => ({ ...extra, ...fields }));
  // Every field present and well formed, naming real things: what reaches a handler's checks of who may.
  const wellFormed = fc.record({
    conversationId: fc.constantFrom(...known),
    sessionId: fc.constantFrom(...known),
    showId: fc.constantFrom(...known),
    mimeType: fc.constantFrom('video/x-matroska;codecs=avc1,opus', 'video/webm;codecs=vp8,opus'),
    signal: fc.constant(offer),
  });
  return fc.oneof(
    { weight: 4, arbitrary: wellFormed },
    { weight: 4, arbitrary: shaped },
    { weight: 2, arbitrary: junk },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 70_000 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** What is wrong with an acknowledgement, or undefined when it is a fine one. */
function problemWith(answer: unknown): string | undefined {
  if (!answer || typeof answer !== 'object') return `answered ${JSON.stringify(answer)}`;
  const { ok, code, message } = answer as { ok?: unknown; code?: unknown; message?: unknown };
  if (ok === true) return undefined;
  if (ok !== false || typeof code !== 'string' || typeof message !== 'string' || !message) return `answered ${JSON.stringify(answer)}`;
  if (code === ErrorCode.internal) return `failed inside: ${message}`;
  if (!KNOWN_CODES.has(code)) return `refused with an unknown code ${code}`;
  return undefined;
}

/** Sends `event` with an acknowledgement where the event takes one (every handled event answers it). */
async function send(socket: ClientSocket, event: Event, body: unknown, acknowledged: boolean) {
  if (event === 'auth/login' || !acknowledged) {
    (socket.emit as (event: string, body: unknown) => void)(event, body);
    return undefined;
  }
  return socket.timeout(ANSWER_WITHIN_MS).emitWithAck(event as 'stream/join', body as never);
}

describe('property-based fuzzing of every socket event', () => {
  it('lists every event of the contract', () => {
    expectTypeOf<Exclude<keyof ClientToServerEvents, Event>>().toBeNever();
  });

  it('answers each with ok or a known refusal, logs no error, and lets nobody speak where they have no part', {
    timeout: process.env.FUZZ_RUNS ? 12 * 3_600_000 : 120_000,
  }, async () => {
    console.info(`Socket fuzz: seed ${seed}, ${EVENTS.length} events × ${casesPerEvent} cases (replay with FUZZ_SEED=${seed})`);
    const failures: string[] = [];
    let cases = 0;
    for (const event of EVENTS) {
      const property = fc.asyncProperty(fc.constantFrom(...ROLES), payloadOf(ids), fc.boolean(), async (role, body, acknowledged) => {
        cases++;
        const answer = await send(await socketOf(role), event, body, acknowledged).catch((error: Error) => ({ timedOut: error.message }));
        const problem = answer === undefined ? undefined : problemWith(answer);
        if (problem) throw new Error(`${event} as ${role}: ${problem}\n  sent: ${JSON.stringify(body)?.slice(0, 300)}`);
      });
      const details = await fc.check(property, { numRuns: casesPerEvent, seed: seed ^ EVENTS.indexOf(event) });
      if (details.failed)
        failures.push(String(details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance));
    }
    // Refusals sent without an acknowledgement arrive on their own: give the last ones a moment.
    await app.inject({ method: 'GET', url: '/api/health' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    console.info(`Socket fuzz: ${cases} events sent, ${unacknowledgedRefusals.length} refused without an acknowledgement`);
    expect(failures, `seed ${seed}\n${failures.join('\n')}`).toEqual([]);
    expect(unacknowledgedRefusals.filter((refusal) => refusal.code === ErrorCode.internal || !KNOWN_CODES.has(refusal.code))).toEqual([]);
    expect(errorLogs).toEqual([]);
    expect(overheard).toEqual([]);
    // A fresh sender still gets through: nothing above wore the server down.
    const socket = await socketOf('user');
    expect(await socket.timeout(ANSWER_WITHIN_MS).emitWithAck('stream/leave', { sessionId: randomUUID() })).toMatchObject({ ok: true });
  });
});
