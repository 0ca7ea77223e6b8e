import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { signedIn } from '../../../test/factories';
import { authChallenges, oneTimeTokens, rateBudgets, signInThrottles } from '../../db/schema';
import { sweepExpired } from './sweep';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the sweep of short-lived rows', () => {
  it('deletes expired challenges, links, ended budgets and forgotten failure counts, and keeps the live ones', async () => {
    const { user } = await signedIn(app, 'user');
    const db = app.deps.db;
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const challenge = (expiresAt: Date) => ({ purpose: 'passkey_assert' as const, userId: user.id, challenge: randomUUID(), expiresAt });
    const challenges = await db
      .insert(authChallenges)
      .values([challenge(past), challenge(future), { ...challenge(past), purpose: 'second_factor', tokenHash: randomUUID() }])
      .returning({ id: authChallenges.id });
    const link = (expiresAt: Date) => ({ userId: user.id, purpose: 'login' as const, tokenHash: randomUUID(), expiresAt });
    const links = await db
      .insert(oneTimeTokens)
      .values([link(past), link(future)])
      .returning({ id: oneTimeTokens.id });
    const budgets = [`messages:${randomUUID()}`, `messages:${randomUUID()}`];
    await db.insert(rateBudgets).values([
      { key: budgets[0]!, used: 3, windowEndsAt: past },
      { key: budgets[1]!, used: 3, windowEndsAt: future },
    ]);
    const throttles = [`account:${randomUUID()}`, `account:${randomUUID()}`, `address:${randomUUID()}`];
    await db.insert(signInThrottles).values([
      { key: throttles[0]!, failures: 9, lastFailureAt: dayAgo },
      { key: throttles[1]!, failures: 9, lastFailureAt: new Date() },
      // Quiet for a day but still waiting: kept until its wait ends.
      { key: throttles[2]!, failures: 30, lastFailureAt: dayAgo, lockedUntil: future },
    ]);

    await sweepExpired(app.deps);

    const ids = challenges.map((row) => row.id);
    expect(
      (await db.select({ id: authChallenges.id }).from(authChallenges).where(inArray(authChallenges.id, ids))).map((row) => row.id),
    ).toEqual([ids[1]]);
    const linkIds = links.map((row) => row.id);
    expect(
      (await db.select({ id: oneTimeTokens.id }).from(oneTimeTokens).where(inArray(oneTimeTokens.id, linkIds))).map((row) => row.id),
    ).toEqual([linkIds[1]]);
    expect(
      (await db.select({ key: rateBudgets.key }).from(rateBudgets).where(inArray(rateBudgets.key, budgets))).map((row) => row.key),
    ).toEqual([budgets[1]]);
    const keptThrottles = await db
      .select({ key: signInThrottles.key })
      .from(signInThrottles)
      .where(inArray(signInThrottles.key, throttles));
    expect(keptThrottles.map((row) => row.key).sort()).toEqual([throttles[1], throttles[2]].sort());
  });
});
