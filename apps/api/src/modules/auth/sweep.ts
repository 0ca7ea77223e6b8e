import type { Deps } from '../../deps';
import { sweepEndedBudgets } from '../../platform/account-budgets';
import { sweepExpiredTokens } from '../../platform/one-time-tokens';
import { sweepForgottenThrottles } from '../../platform/sign-in-throttle';
import { sweepExpiredChallenges } from '../two-factor';

const SWEEP_EVERY_MS = 15 * 60 * 1000;

/**
 * Short-lived rows are refused by their expiry when read, so nothing depends on this sweep but
 * the tables' size: second-factor and WebAuthn challenges, e-mailed links (verification, reset,
 * the sign-in links of the guessing challenge, e-mail changes), ended rate budgets and forgotten
 * failure counts. Each is one delete by the tables' owner; processes running it at once delete
 * nothing twice.
 */
export async function sweepExpired(deps: Pick<Deps, 'db'>, now = new Date()) {
  await sweepExpiredChallenges(deps.db, now);
  await sweepExpiredTokens(deps.db, now);
  await sweepEndedBudgets(deps.db, now);
  await sweepForgottenThrottles(deps.db, now);
}

export function registerExpirySweep(deps: Pick<Deps, 'db' | 'jobs'>) {
  deps.jobs.every('auth.sweep-expired', SWEEP_EVERY_MS, () => sweepExpired(deps));
}
