import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { ErrorCode, errorBodySchema } from '@limelight/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../app';
import { freshIp, fundWallet, signedIn, subscribe, verifiedPerformer } from '../factories';
import { type Operation, operationName, operationsOf } from './operations';
import { type FuzzRequest, requestArbitrary } from './requests';

/**
 * A property over every operation of the OpenAPI document, checked with fast-check: whoever asks
 * (a visitor, a fan, a creator or an admin) and whatever they send (wrong types, missing and
 * extra fields, prototype keys, huge strings, any Unicode with NUL and lone surrogates, numbers at
 * every edge, bad ids, bad query strings, malformed bodies and paths, each generated from the
 * operation's own schema), the answer is not a 5xx and every refusal is in the one error shape.
 * A failing case is shrunk to the smallest request that still fails. Routes added later are
 * fuzzed by being in the document.
 *
 * `npm test` runs a slice (see casesFor); `npm run fuzz` runs FUZZ_RUNS=1000 cases per operation.
 * Replay a failure with the seed it prints: `FUZZ_SEED=<seed> FUZZ_ONLY='<METHOD> <path>'`;
 * `FUZZ_REPORT=<file>` writes every failure there (the assertion prints the first 40).
 */
const seed = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20_260_613) | 0;
/**
 * The slice in `npm test` gets a fixed number of requests (about 3 ms of CPU each on PGlite, some
 * 35 s), shared out so that each operation has 100 cases while there are at most 120 operations,
 * and no fewer than 30 as routes are added (325 operations: 36 each); the long run is `npm run fuzz`.
 */
const TOTAL_CASES = 12_000;
const casesFor = (operations: number) => Number(process.env.FUZZ_RUNS ?? Math.max(30, Math.min(100, Math.floor(TOTAL_CASES / operations))));
/** Each operation its own seed, so that one operation's cases do not depend on how many others drew. */
const seedOf = (label: string) => {
  let hash = seed >>> 0;
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x9e3779b1) >>> 0;
  return hash | 0;
};
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

describe('property-based fuzzing of every operation', () => {
  it('answers no request with a 5xx, and refuses in the one error shape', {
    timeout: process.env.FUZZ_RUNS ? 12 * 3_600_000 : 300_000,
  }, async () => {
    const casesPerOperation = casesFor(operations.length);
    console.info(`API fuzz: seed ${seed}, ${operations.length} operations × ${casesPerOperation} cases (replay with FUZZ_SEED=${seed})`);
    expect(operations.length).toBeGreaterThan(only ? 0 : 150);
    const failures: string[] = [];
    let requests = 0;
    const [started, cpu] = [performance.now(), process.cpuUsage()];
    for (const operation of operations) {
      const property = fc.asyncProperty(fc.constantFrom(...ROLES), requestArbitrary(operation, pools()), async (caller, request) => {
        requests++;
        // From an address of its own, so that failed sign-ins do not throttle the callers' renewal.
        const { method, url, payload } = request;
        const response = await app.inject({
          method,
          url,
          headers: { ...request.headers, ...headersOf(caller) },
          payload,
          remoteAddress: freshIp(),
        });
        if (
          (response.statusCode === 401 || response.statusCode === 403) &&
          SIGNED_OUT.some((code) => response.body.includes(`"${code}"`))
        ) {
          // The case signed its caller out or deactivated the account: later cases get a new one.
          if (caller !== 'anonymous') sessions.set(caller, await newCaller(caller));
        }
        const problem = problemWith(response);
        if (problem) throw new Error(describeFailure(operation, caller, request, response, problem));
      });
      const details = await fc.check(property, { numRuns: casesPerOperation, seed: seedOf(operationName(operation)) });
      if (details.failed) {
        const shrunk = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
        failures.push(`${shrunk}\n  (fast-check seed ${details.seed}, path ${details.counterexamplePath}, ${details.numShrinks} shrinks)`);
      }
    }
    const seconds = (microseconds: number) => (microseconds / 1e6).toFixed(1);
    const used = process.cpuUsage(cpu);
    console.info(
      `API fuzz: ${requests} requests in ${seconds((performance.now() - started) * 1000)} s, ${seconds(used.user + used.system)} s of CPU, ${failures.length} failing operation(s)`,
    );
    if (process.env.FUZZ_REPORT) fs.writeFileSync(process.env.FUZZ_REPORT, failures.join('\n'));
    expect(failures, `seed ${seed}: ${failures.length} failing operations\n${failures.slice(0, 40).join('\n')}`).toEqual([]);
  });
});
