// @own-process: it compares the times of two kinds of request, which the garbage other test files
// leave in a shared process would blur (vitest.config.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { freshIp, signedIn } from '../../../test/factories';

/**
 * Account enumeration by timing (issue 27): signing in and asking for a reset link take the same
 * time whether or not an account has the login. Medians of 30 attempts each, taken in turn so a
 * busy machine slows both sides alike, must be within 25 % of each other: a security property,
 * not a stopwatch, so nothing here names a number of milliseconds.
 */
let app: TestApp;
beforeAll(async () => {
  // No job worker in this process: a reset's job (which mails a real address and does nothing for
  // an unknown one) runs after its answer has gone, and run here it would slow whichever request
  // happened to overlap it, the next unknown one or the next real one, at random.
  app = await createTestApp({ jobsConcurrency: 0 });
});
afterAll(() => app.close());

const ROUNDS = 30;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.floor((sorted.length - 1) / 2)]! + sorted[Math.ceil((sorted.length - 1) / 2)]!) / 2;
};
async function timed(send: () => Promise<{ statusCode: number; body: string }>) {
  const started = process.hrtime.bigint();
  const response = await send();
  return { ms: Number(process.hrtime.bigint() - started) / 1e6, response };
}
/**
 * One request of each kind, the real one first in even rounds and second in odd ones: whatever a
 * request leaves for the next to pay (a collection, a log write) falls on both kinds alike.
 */
async function inTurn(round: number, real: () => Promise<{ statusCode: number; body: string }>, unknown: typeof real) {
  if (round % 2 === 0) return [await timed(real), await timed(unknown)] as const;
  const second = await timed(unknown);
  return [await timed(real), second] as const;
}
const expectClose = (real: number[], unknown: number[]) => {
  const [a, b] = [median(real), median(unknown)];
  expect(Math.abs(a - b) / Math.max(a, b), `medians: real ${a.toFixed(1)} ms, unknown ${b.toFixed(1)} ms`).toBeLessThanOrEqual(0.25);
};

describe('sign-in and reset take the same time for a real and an unknown account', () => {
  it('a wrong password for a real account costs what any password for an unknown one does', async () => {
    // One account per attempt, each from its own address: the guessing limits never step in.
    const accounts = await Promise.all(Array.from({ length: ROUNDS }, () => signedIn(app, 'user')));
    const login = (username: string) => () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: 'not-the-password-1' },
        remoteAddress: freshIp(),
      });
    // Warm up both paths once (the throwaway hash, prepared statements).
    await login(accounts[0]!.user.email!)();
    await login('nobody-warm-up@example.test')();
    const real: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [a, b] = await inTurn(round, login(accounts[round]!.user.email!), login(`nobody_${round}_${Date.now()}@example.test`));
      expect(a.response.statusCode).toBe(401);
      expect(b.response.statusCode).toBe(401);
      // The same answer, word for word, but for each request's own id.
      const [answerA, answerB] = [JSON.parse(a.response.body), JSON.parse(b.response.body)];
      expect(answerA).toEqual({ ...answerB, requestId: answerA.requestId });
      real.push(a.ms);
      unknown.push(b.ms);
    }
    expectClose(real, unknown);
  });

  it('a reset link asked for a real address answers as one asked for an unknown address, in the same time', async () => {
    const accounts = await Promise.all(Array.from({ length: ROUNDS }, () => signedIn(app, 'user')));
    const forgot = (email: string) => () =>
      app.inject({ method: 'POST', url: '/api/auth/users/forgot', payload: { email }, remoteAddress: freshIp() });
    await forgot(accounts[0]!.user.email!)();
    await forgot('nobody-warm-up@example.test')();
    const real: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [a, b] = await inTurn(round, forgot(accounts[round]!.user.email!), forgot(`nobody_${round}_${Date.now()}@example.test`));
      expect(a.response.statusCode).toBe(200);
      expect(a.response.body).toBe(b.response.body);
      real.push(a.ms);
      unknown.push(b.ms);
    }
    expectClose(real, unknown);
  });
});
