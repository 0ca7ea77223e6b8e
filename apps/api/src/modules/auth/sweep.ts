import { and, isNull, lt, or } from 'drizzle-orm';
import { oneTimeTokens, rateBudgets, signInThrottles } from '../../db/schema/platform/sessions';
import { authChallenges } from '../../db/schema/two-factor';
import type { Deps } from '../../deps';

const SWEEP_EVERY_MS = 15 * 60 * 1000;
/** Failure counts are forgotten after a quiet day (platform/sign-in-throttle.ts): their rows may go then. */
const THROTTLE_QUIET_MS = 24 * 60 * 60 * 1000;

/**
 * Short-lived rows are refused by their expiry when read, so nothing depends on this sweep but
 * the tables' size: second-factor and WebAuthn challenges, e-mailed links (verification, reset,
 * the sign-in links of the guessing challenge, e-mail changes), ended rate budgets and forgotten
 * failure counts. Each is one delete; processes running it at once delete nothing twice.
 */
export async function sweepExpired(deps: Pick<Deps, 'db'>, now = new Date()) {
  await deps.db.delete(authChallenges).where(lt(authChallenges.expiresAt, now));
  await deps.db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, now));
  await deps.db.delete(rateBudgets).where(lt(rateBudgets.windowEndsAt, now));
  await deps.db
    .delete(signInThrottles)
    .where(
      and(
        lt(signInThrottles.lastFailureAt, new Date(now.getTime() - THROTTLE_QUIET_MS)),
        or(isNull(signInThrottles.lockedUntil), lt(signInThrottles.lockedUntil, now)),
      ),
    );
}

export function registerExpirySweep(deps: Pick<Deps, 'db' | 'jobs'>) {
  deps.jobs.every('auth.sweep-expired', SWEEP_EVERY_MS, () => sweepExpired(deps));
}
