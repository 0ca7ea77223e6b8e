import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { ErrorCode, errorBodySchema } from '@limelight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { freshIp, fundWallet, signedIn, subscribe, verifiedPerformer } from '../factories';
import { type Operation, operationName, operationsOf } from './operations';
import { fuzzSeed, Random } from './random';
import { type FuzzRequest, generateRequest } from './requests';

/**
 * Every operation of the OpenAPI document gets up to a hundred generated requests (bad types,
 * NUL and odd Unicode, huge, negative, fractional and denormal numbers, missing and extra
 * fields, over-long strings, bad ids, bad query strings, malformed bodies), sent as a visitor,
 * a fan, a creator and an admin in turn. None may answer 500, and every refusal is in the one
 * error shape. Routes added later are fuzzed by being in the document.
 *
 * Replay a failure with the seed it prints: `FUZZ_SEED=<seed> FUZZ_ONLY='<METHOD> <path>'`.
 * `FUZZ_CASES` sets the number of cases per operation (see casesFor); `FUZZ_REPORT=<file>` writes every
 * failing case there (the assertion prints the first 40).
 */
const seed = fuzzSeed();
/**
 * The whole run gets a fixed number of requests (about 2.5 ms of CPU each on PGlite, some 30 s),
 * shared out so that each operation has 100 cases while there are at most 120 operations, and
 * no fewer than 40 as routes are added: the run stays within its budget as the API grows.
 */
const TOTAL_CASES = 12_000;
const casesFor = (operations: number) =>
  Number(process.env.FUZZ_CASES ?? Math.max(40, Math.min(100, Math.floor(TOTAL_CASES / operations))));
const only = process.env.FUZZ_ONLY;

/**
 * Operations left out, each with why (`'POST /api/x': 'reason'`). None so far: even the Stripe
 * webhook, which needs a signature to do anything, must answer garbage with a 400.
 */
const EXCLUDED: Record<string, string> = {};

const ROLES = ['anonymous', 'user', 'performer', 'admin'] as const;
type Caller = (typeof ROLES)[number];

let app: TestApp;
let operations: Operation[];
const sessions = new Map<Exclude<Caller, 'anonymous'>, Awaited<ReturnType<typeof signedIn>>>();

beforeAll(async () => {
  app = await createTestApp();
  operations = (await operationsOf(app)).filter(
    (operation) => !EXCLUDED[operationName(operation)] && (!only || operationName(operation) === only),
  );
  for (const role of ROLES) if (role !== 'anonymous') sessions.set(role, await newCaller(role));
  await liveSession();
});

/** A live session (and its chat) the fan caller subscribes to, so that the streaming routes are fuzzed past their 404s. */
const liveIds: string[] = [];
async function liveSession() {
  const host = await verifiedPerformer(app);
  const live = await app.inject({ method: 'POST', url: '/api/streaming/live', headers: host.headers, payload: { title: 'Fuzzed live' } });
  liveIds.push(live.json()._id, live.json().conversationId);
  await subscribe(app, sessions.get('user')!.user.id, host.user.id);
}
afterAll(() => app?.close());

/** A fan with tokens to spend and a verified creator, so that generated requests reach past the first checks. */
async function newCaller(role: Exclude<Caller, 'anonymous'>) {
  if (role === 'performer') return verifiedPerformer(app);
  const caller = await signedIn(app, role);
  if (role === 'user') await fundWallet(app, caller.user.id, 500);
  return caller;
}

/** Answers that say a caller's session was ended or its account deactivated by an earlier case. */
const SIGNED_OUT: string[] = [ErrorCode.unauthenticated, ErrorCode.sessionExpired, ErrorCode.accountInactive];

/** An operation may sign its caller out or deactivate an account: such callers are renewed after it. */
async function renewCallers(signedOut: Set<Caller>) {
  for (const role of signedOut) if (role !== 'anonymous') sessions.set(role, await newCaller(role));
}

const pools = () => ({ ids: [...[...sessions.values()].map((session) => session.user.id), ...liveIds, randomUUID()] });
const headersOf = (caller: Caller): Record<string, string> => (caller === 'anonymous' ? {} : sessions.get(caller)!.headers);

/** Deliberate 503s: an outside provider the site has not set up (Google, Twitter, Stripe, reCAPTCHA). */
const UNAVAILABLE_ON_PURPOSE: string[] = [ErrorCode.providerNotConfigured, ErrorCode.providerUnavailable, ErrorCode.siteInMaintenance];

/** Why an answer is wrong, or undefined when it is a fine answer to a bad request. */
function problemWith(response: { statusCode: number; body: string }): string | undefined {
  if (response.statusCode < 400) return undefined;
  const unavailableOnPurpose = response.statusCode === 503 && UNAVAILABLE_ON_PURPOSE.some((code) => response.body.includes(`"${code}"`));
  if (response.statusCode >= 500 && !unavailableOnPurpose) return `answered ${response.statusCode}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return 'a refusal that is not JSON';
  }
  const shape = errorBodySchema.strict().safeParse(parsed);
  if (!shape.success) return `a refusal outside the error shape: ${shape.error.issues.map((issue) => issue.message).join(', ')}`;
  if (shape.data.statusCode !== response.statusCode) return `statusCode ${shape.data.statusCode} in a ${response.statusCode} answer`;
  return undefined;
}

const shorten = (text: string | undefined, length = 300) =>
  text && text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

function describeFailure(
  operation: Operation,
  caller: Caller,
  request: FuzzRequest,
  response: { statusCode: number; body: string },
  problem: string,
) {
  return [
    `${operationName(operation)} as ${caller} (${request.kind}): ${problem}`,
    `  request: ${request.method} ${shorten(request.url, 200)} ${request.headers['content-type'] ?? ''} ${shorten(JSON.stringify(request.payload)) ?? ''}`,
    `  answer: ${response.statusCode} ${shorten(response.body)}`,
  ].join('\n');
}

describe('schema-driven fuzzing of every operation', () => {
  it('answers no bad request with a 500, and refuses in the one error shape', { timeout: 300_000 }, async () => {
    const casesPerOperation = casesFor(operations.length);
    console.info(`API fuzz: seed ${seed}, ${operations.length} operations × ${casesPerOperation} cases (replay with FUZZ_SEED=${seed})`);
    expect(operations.length).toBeGreaterThan(only ? 0 : 150);
    const failures: string[] = [];
    const [started, cpu] = [performance.now(), process.cpuUsage()];
    for (const operation of operations) {
      const random = Random.derived(seed, operationName(operation));
      const signedOut = new Set<Caller>();
      for (let index = 0; index < casesPerOperation; index++) {
        const caller = ROLES[index % ROLES.length]!;
        const request = generateRequest(operation, random, pools(), headersOf(caller));
        // From an address of its own, so that failed sign-ins do not throttle the callers' renewal.
        const { method, url, headers, payload } = request;
        const response = await app.inject({ method, url, headers, payload, remoteAddress: freshIp() });
        const problem = problemWith(response);
        if (problem) failures.push(describeFailure(operation, caller, request, response, problem));
        if (response.statusCode === 401 || response.statusCode === 403) {
          if (SIGNED_OUT.some((code) => response.body.includes(`"${code}"`))) signedOut.add(caller);
        }
      }
      await renewCallers(signedOut);
    }
    const seconds = (microseconds: number) => (microseconds / 1e6).toFixed(1);
    const used = process.cpuUsage(cpu);
    console.info(`API fuzz: ${seconds((performance.now() - started) * 1000)} s, ${seconds(used.user + used.system)} s of CPU`);
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, failures.join('\n'));
    expect(failures, `seed ${seed}: ${failures.length} failing cases\n${failures.slice(0, 40).join('\n')}`).toEqual([]);
  });
});
