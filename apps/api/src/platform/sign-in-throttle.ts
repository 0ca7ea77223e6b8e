import { eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { signInThrottles } from '../db/schema';
import { retryLater } from './errors';

/**
 * Password guessing (decision 012). Each account (or each typed login no account has, so that the
 * answers cannot tell them apart) and each client address may fail a few times freely; every
 * failure past that adds a wait that doubles, up to an hour. Failures are forgotten after a day
 * without one.
 *
 * An account's attempt is counted before the password is checked, in a locked row, so that a
 * burst of parallel guesses cannot all slip in before the first failure is written; a correct
 * password clears the count. An address's failures are counted after the check: its burst is the
 * per-address rate limit's to stop, and a success must not wipe what others tried from it.
 */
export const accountRule = { freeFailures: 5, firstWaitSeconds: 30, maxWaitSeconds: 60 * 60 };
export const addressRule = { freeFailures: 20, firstWaitSeconds: 30, maxWaitSeconds: 60 * 60 };
type Rule = typeof accountRule;
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export const accountKey = (user: { id: string } | undefined, login = '') =>
  user ? `account:${user.id}` : `login:${login.trim().toLowerCase()}`;
export const addressKey = (ip: string | undefined) => `address:${ip ?? 'unknown'}`;

/** The wait after the failure numbered `failures`, none while it is within the free ones. */
function lockAfter(rule: Rule, failures: number, now: Date): Date | null {
  const over = failures - rule.freeFailures;
  if (over <= 0) return null;
  const seconds = Math.min(rule.firstWaitSeconds * 2 ** (over - 1), rule.maxWaitSeconds);
  return new Date(now.getTime() + seconds * 1000);
}

function waitRefusal(lockedUntil: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  return retryLater(`Too many failed sign-ins. Try again in ${humanWait(seconds)}, or reset your password to sign in now.`, seconds);
}

export function humanWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return '1 hour';
}

const forgotten = (row: { lastFailureAt: Date }, now: Date) => now.getTime() - row.lastFailureAt.getTime() > FORGET_AFTER_MS;

/**
 * Refuses while the address or the account waits; otherwise counts this attempt against the
 * account (see above). Checking the current password before a sensitive change counts too.
 */
export async function takeSignInAttempt(db: Database, account: string, address?: string): Promise<void> {
  const now = new Date();
  const [addressRow] = address ? await db.select().from(signInThrottles).where(eq(signInThrottles.key, address)) : [];
  if (addressRow?.lockedUntil && addressRow.lockedUntil > now) throw waitRefusal(addressRow.lockedUntil, now);
  const refusal = await db.transaction(async (tx) => {
    await tx.insert(signInThrottles).values({ key: account, failures: 0, lastFailureAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(signInThrottles).where(eq(signInThrottles.key, account)).for('update');
    if (row!.lockedUntil && row!.lockedUntil > now) return waitRefusal(row!.lockedUntil, now);
    const failures = forgotten(row!, now) ? 1 : row!.failures + 1;
    await tx
      .update(signInThrottles)
      .set({ failures, lastFailureAt: now, lockedUntil: lockAfter(accountRule, failures, now) })
      .where(eq(signInThrottles.key, account));
    return undefined;
  });
  if (refusal) throw refusal;
}

/** A wrong password: the address's count grows (the account's was counted before the check). */
export async function recordFailedSignIn(db: Queryable, address: string): Promise<void> {
  const now = new Date();
  const [row] = await db
    .insert(signInThrottles)
    .values({ key: address, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInThrottles.key,
      set: {
        failures: sql`case when ${signInThrottles.lastFailureAt} < ${new Date(now.getTime() - FORGET_AFTER_MS)} then 1 else ${signInThrottles.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInThrottles.failures });
  const lockedUntil = lockAfter(addressRule, row!.failures, now);
  if (lockedUntil) await db.update(signInThrottles).set({ lockedUntil }).where(eq(signInThrottles.key, address));
}

/** The right password, or a password reset: the account starts afresh. */
export async function clearSignInFailures(db: Queryable, account: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, account));
}
