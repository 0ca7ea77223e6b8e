import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/client';
import { signInThrottles } from '../db/schema/platform/sessions';
import { retryLater } from './errors';

/**
 * Password guessing (decisions 012 and 048). Each client address may fail a few times freely;
 * every failure past that adds a wait that doubles, up to an hour. An account (or a typed login no
 * account has, so that the answers cannot tell them apart) is never made to wait, since anyone who
 * knows its name could lock its owner out: past its free failures, a sign-in from a device that
 * has not signed in to it before must pass a challenge instead (auth/service.ts), while a known
 * device, a passkey or a second factor signs in as usual. Checks made by someone already signed
 * in (the current password before a sensitive change, a second-factor code) wait as addresses
 * do, counted per account under their own key. Failures are forgotten after a day without one.
 *
 * An account's attempt is counted before the password is checked, in a locked row, so that a
 * burst of parallel guesses cannot all slip in unchallenged before the first failure is written.
 * An address's failures are counted after the check: its burst is the per-address rate limit's to
 * stop, and a success must not wipe what others tried from it.
 */
export const accountRule = { freeFailures: 5, firstWaitSeconds: 0, maxWaitSeconds: 0 };
export const addressRule = { freeFailures: 20, firstWaitSeconds: 30, maxWaitSeconds: 60 * 60 };
/** Current-password checks and second-factor codes, per account. */
export const confirmationRule = { freeFailures: 5, firstWaitSeconds: 30, maxWaitSeconds: 60 * 60 };
type Rule = typeof accountRule;
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export const accountKey = (user: { id: string } | undefined, login = '') =>
  user ? `account:${user.id}` : `login:${login.trim().toLowerCase()}`;
export const addressKey = (ip: string | undefined) => `address:${ip ?? 'unknown'}`;
export const confirmationKey = (kind: 'current-password' | 'second-factor', userId: string) => `${kind}:${userId}`;

/** The wait after the failure numbered `failures`, none while it is within the free ones. */
function lockAfter(rule: Rule, failures: number, now: Date): Date | null {
  const over = failures - rule.freeFailures;
  if (over <= 0 || !rule.maxWaitSeconds) return null;
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
 * Refuses while the address waits; otherwise counts this attempt against the account (see above)
 * and answers how many attempts it has made since its last success, this one included.
 */
export async function takeSignInAttempt(db: Database, account: string, address?: string): Promise<number> {
  const now = new Date();
  const [addressRow] = address ? await db.select().from(signInThrottles).where(eq(signInThrottles.key, address)) : [];
  if (addressRow?.lockedUntil && addressRow.lockedUntil > now) throw waitRefusal(addressRow.lockedUntil, now);
  return countAttempt(db, account, accountRule);
}

/** A check that waits once it failed too often (current password, second-factor code): refuses while it waits. */
export async function takeConfirmationAttempt(db: Database, key: string): Promise<number> {
  return countAttempt(db, key, confirmationRule);
}

async function countAttempt(db: Database, key: string, rule: Rule): Promise<number> {
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    await tx.insert(signInThrottles).values({ key, failures: 0, lastFailureAt: now }).onConflictDoNothing();
    const [row] = await tx.select().from(signInThrottles).where(eq(signInThrottles.key, key)).for('update');
    if (row!.lockedUntil && row!.lockedUntil > now) return waitRefusal(row!.lockedUntil, now);
    const failures = forgotten(row!, now) ? 1 : row!.failures + 1;
    await tx
      .update(signInThrottles)
      .set({ failures, lastFailureAt: now, lockedUntil: lockAfter(rule, failures, now) })
      .where(eq(signInThrottles.key, key));
    return failures;
  });
  if (typeof outcome !== 'number') throw outcome;
  return outcome;
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

/** A success (outside a guessing run), or a password reset: the key starts afresh. */
export async function clearSignInFailures(db: Queryable, account: string): Promise<void> {
  await db.delete(signInThrottles).where(eq(signInThrottles.key, account));
}

/** Deletes failure counts forgotten after a quiet day, unless a lock on them still runs. */
export async function sweepForgottenThrottles(db: Queryable, now: Date) {
  await db
    .delete(signInThrottles)
    .where(
      and(
        lt(signInThrottles.lastFailureAt, new Date(now.getTime() - FORGET_AFTER_MS)),
        or(isNull(signInThrottles.lockedUntil), lt(signInThrottles.lockedUntil, now)),
      ),
    );
}
