import { ErrorCode } from '@limelight/contracts';
import { z } from 'zod';
import type { subscriptions } from '../../db/schema/subscriptions';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import { type Intent, idempotent } from '../../platform/idempotency';
import { type JobRun, jobKind } from '../../platform/jobs';
import { sendEmail } from '../emails';
import { notifyBalance } from '../money';
import { startCardPayment } from '../payments';
import {
  accountOf,
  activeTrial,
  cardStillSaved,
  contactOf,
  dueRenewals,
  emailOf,
  endingTrials,
  expireRunOut,
  payableProfileOf,
  paymentOutcomeOf,
  stillDue,
  stopRenewing,
  usernameOf,
} from './repo';
import { payPeriodFromWallet, priceColumnName } from './service';

/** A subscription's period that ended: renew it, or tell its fan that the trial ends. */
const duePeriod = z.object({ subscriptionId: z.string(), periodEnd: z.string() });
type Due = z.output<typeof duePeriod>;
export const RENEW_PERIOD_JOB = jobKind('subscriptions.renew-period', duePeriod);
const RENEWAL_CHECK_MS = 60_000;
/** Due subscriptions queued per check; the next check queues the rest. */
const RENEWAL_BATCH = 1000;
/** A renewal still unsettled this long after its period ended (a card payment never confirmed) lets it expire. */
const RENEWAL_GRACE_MS = 86_400_000;
const RENEWAL_ATTEMPTS = 5;

/**
 * The periodic task: expires what ran out and is not renewing, then queues one renewal job per
 * subscription period due. The job's key is the period, so queueing it again (the next check, or
 * another process checking at once) adds nothing. Returns how many jobs it added.
 */
export async function renewDue(deps: Deps, now = new Date()) {
  await expireRunOut(deps.db, now, new Date(now.getTime() - RENEWAL_GRACE_MS));
  const due = await dueRenewals(deps.db, now, RENEWAL_BATCH);
  let queued = 0;
  for (const row of due) {
    const payload: Due = { subscriptionId: row.id, periodEnd: row.expiredAt!.toISOString() };
    const key = `renewal:${payload.subscriptionId}:${payload.periodEnd}`;
    if (await deps.jobs.enqueue(deps.db, RENEW_PERIOD_JOB, payload, { key, maxAttempts: RENEWAL_ATTEMPTS })) queued += 1;
  }
  return queued;
}

export function registerRenewals(deps: Deps) {
  deps.jobs.register(RENEW_PERIOD_JOB, (payload, job) => renewPeriod(deps, payload, job));
  deps.jobs.every('subscriptions.renew', RENEWAL_CHECK_MS, () => renewDue(deps));
  deps.jobs.register(TRIAL_ENDING_JOB, (payload) => mailTrialEnding(deps, payload));
  deps.jobs.every('subscriptions.trials-ending', TRIAL_CHECK_MS, () => trialsEnding(deps));
}

const TRIAL_ENDING_JOB = jobKind('subscriptions.trial-ending', duePeriod);
/** The check runs hourly; each trial is told once, within its last day. */
const TRIAL_CHECK_MS = 3_600_000;
const TRIAL_NOTICE_MS = 86_400_000;

/**
 * Queues one e-mail job per free trial that ends within a day; the job's key is the trial's end,
 * so every later check (and every other process) adds nothing: one e-mail per trial. Returns how
 * many it queued.
 */
export async function trialsEnding(deps: Deps, now = new Date()) {
  const ending = await endingTrials(deps.db, now, new Date(now.getTime() + TRIAL_NOTICE_MS), RENEWAL_BATCH);
  let queued = 0;
  for (const row of ending) {
    const payload: Due = { subscriptionId: row.id, periodEnd: row.expiredAt!.toISOString() };
    if (await deps.jobs.enqueue(deps.db, TRIAL_ENDING_JOB, payload, { key: `trial-ending:${row.id}:${payload.periodEnd}` })) queued += 1;
  }
  return queued;
}

async function mailTrialEnding(deps: Deps, due: Due) {
  await deps.db.transaction(async (tx) => {
    const trial = await activeTrial(tx, due.subscriptionId);
    // A fan who subscribed to a plan meanwhile is not told their trial ends.
    if (!trial || trial.expiredAt?.toISOString() !== due.periodEnd) return;
    const fan = await contactOf(tx, trial.userId);
    const creator = await usernameOf(tx, trial.performerId);
    if (!fan?.email) return;
    const name = creator?.username ?? 'this creator';
    await sendEmail(deps, tx, 'subscription.trialEnding', {
      to: fan.email,
      userId: trial.userId,
      vars: {
        name: fan.name || fan.username,
        creator: name,
        endsAt: trial.expiredAt!.toUTCString(),
        link: `${deps.config.publicUrl}/${name}`,
      },
    });
  });
}

/**
 * One renewal job: charges the period once in effect, however often it runs (a retry, or a
 * worker that died after the charge). The charge carries the period's idempotency key, and the
 * subscription must still be waiting on that very period (same end, still renewing), which the
 * paid period changes in the charge's own transaction. A short wallet or a declined card is a
 * final outcome: the subscription lapses at its end and the fan is told; so it is when the last
 * try fails.
 */
export async function renewPeriod(deps: Deps, due: Due, job: JobRun) {
  const subscription = await stillDue(deps.db, due);
  if (!subscription) return;
  try {
    const refusal = await chargePeriod(deps, due, subscription);
    if (refusal) await lapse(deps, due, refusal);
  } catch (error) {
    // A refusal (the saved card is gone, the fan's account cannot pay) will not change on a retry.
    if (error instanceof AppError && error.statusCode < 500) return lapse(deps, due, error.message);
    if (job.attempts < job.maxAttempts) throw error;
    deps.log.error({ err: error, subscriptionId: due.subscriptionId }, 'subscription renewal failed for good');
    await lapse(deps, due, 'we could not take the payment');
    throw error;
  }
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** Charges the period; answers why it was refused (a final outcome), or nothing when paid or still pending. */
async function chargePeriod(deps: Deps, due: Due, subscription: SubscriptionRow): Promise<string | undefined> {
  const found = await payableProfileOf(deps.db, subscription.performerId);
  const profile = found?.profile;
  // Who may be paid (access module): a creator deactivated, no longer verified, suspended or banned is not.
  if (!found?.payable) return 'the creator cannot receive payments at the moment';
  const type = subscription.type === 'free' ? 'monthly' : subscription.type;
  const priceCents = profile?.[priceColumnName[type]];
  if (!priceCents) return 'the creator no longer offers this plan';
  const intent = renewalIntent(due);
  if (subscription.gateway === 'wallet') {
    const paid = await idempotent(deps.db, subscription.userId, intent, async (tx) => {
      if (!(await stillDue(tx, due, true))) return undefined;
      return payPeriodFromWallet(deps, tx, { userId: subscription.userId, performerId: subscription.performerId, type, priceCents });
    }).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.insufficientBalance) return 'short' as const;
      throw error;
    });
    if (paid === 'short') return 'your wallet holds less than the price';
    if (paid) {
      notifyBalance(deps, subscription.userId, paid.fanBalance);
      notifyBalance(deps, subscription.performerId, paid.creatorBalance);
    }
    return undefined;
  }
  if (subscription.gateway !== 'sandbox' && subscription.gateway !== 'stripe') return 'it has no card to charge';
  if (subscription.cardId && !(await cardStillSaved(deps.db, subscription.cardId))) return 'the card it renews with was removed';
  const fan = await accountOf(deps.db, subscription.userId);
  const paymentId = await startCardPayment(deps, fan!, intent, {
    type: 'subscription',
    amountCents: priceCents,
    performerId: subscription.performerId,
    subscriptionType: type,
    cardId: subscription.cardId ?? undefined,
  });
  const payment = await paymentOutcomeOf(deps.db, paymentId);
  return payment?.status === 'fail' ? `your card was not charged (${payment.reason ?? 'declined'})` : undefined;
}

/** A renewal charges once per subscription and period end: the wallet charge's and the card payment's key. */
const renewalIntent = (due: Due): Intent => {
  const key = `renewal:${due.subscriptionId}:${due.periodEnd}`;
  return { key, fingerprint: key };
};

/** Stops renewing the period (once) and tells the fan by e-mail, in the same transaction. */
async function lapse(deps: Deps, due: Due, reason: string) {
  await deps.db.transaction(async (tx) => {
    const subscription = await stillDue(tx, due, true);
    if (!subscription) return;
    await stopRenewing(tx, subscription.id);
    const fan = await emailOf(tx, subscription.userId);
    const creator = await usernameOf(tx, subscription.performerId);
    if (!fan?.email) return; // An account without an address sees the lapse in its subscriptions list.
    const name = creator?.username ?? 'this creator';
    await sendEmail(deps, tx, 'subscription.renewalFailed', {
      to: fan.email,
      vars: { creator: name, reason, endsAt: new Date(due.periodEnd).toUTCString() },
    });
  });
}
