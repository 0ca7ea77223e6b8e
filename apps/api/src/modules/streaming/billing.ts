import { createHash } from 'node:crypto';
import { ErrorCode, formatTokens, fromCents } from '@limelight/contracts';
import { z } from 'zod';
import type { Queryable, Transaction } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../platform/errors';
import { jobKind } from '../../platform/jobs';
import { balanceOf, walletOf } from '../../platform/ledger';
import { payRefusalOf } from '../access';
import { notifyBalance, payFromWalletOnce } from '../money';
import { announce, endPrivateShow, privateShowRoom, type RequestRow } from './private-shows';
import { nameOf } from './repo/people';
import { lockShowMinutes, setMinutesCharged, showById, startAcceptedShow } from './repo/private-shows';

/**
 * A private show's per-started-minute billing (decision 025). Minute n is a job on the queue due
 * at `startedAt + (n - 1) minutes`, keyed by the show and n; it pays through the one wallet path
 * (`payFromWalletOnce`, intent `private-show:{id}:minute:{n}`) and, in the same transaction, counts
 * the minute and queues minute n + 1. So a retried or duplicated job, or a restart, charges a
 * minute at most once, and the chain of minutes never breaks between a payment and its successor.
 */
const showMinute = z.object({ showId: z.string(), minute: z.number().int().positive() });
const MINUTE_JOB = jobKind('private-show.minute', showMinute);
const LOW_BALANCE_JOB = jobKind('private-show.low-balance', showMinute);
const GONE_JOB = jobKind('private-show.gone', z.object({ showId: z.string(), userId: z.string() }));
/** How long before a minute the wallet cannot pay both parties are warned (shorter with a test's short minutes). */
const LOW_BALANCE_LEAD_MS = 15_000;

type Timed = Pick<RequestRow, 'id' | 'startedAt'>;

const minuteStart = (deps: Pick<Deps, 'config'>, show: Timed, minute: number) =>
  new Date(show.startedAt!.getTime() + (minute - 1) * deps.config.privateShow.minuteMs);
const leadMs = (deps: Pick<Deps, 'config'>) => Math.min(LOW_BALANCE_LEAD_MS, deps.config.privateShow.minuteMs / 4);

function queueMinute(deps: Pick<Deps, 'config' | 'jobs'>, tx: Queryable, show: Timed, minute: number) {
  return deps.jobs.enqueue(
    tx,
    MINUTE_JOB,
    { showId: show.id, minute },
    { key: `private-show:${show.id}:minute:${minute}`, runAt: minuteStart(deps, show, minute), maxAttempts: 5 },
  );
}

/** Both parties are connected: an accepted show goes live once, and its first minute is due at once. */
export async function startShow(deps: Deps, showId: string) {
  const live = await deps.db.transaction(async (tx) => {
    const row = await startAcceptedShow(tx, showId);
    if (row) await queueMinute(deps, tx, row, 1);
    return row;
  });
  if (!live) return;
  // The queue's own look at enqueue may come before the commit: look again now that minute 1 exists.
  deps.jobs.wake();
  await announce(deps, live);
}

/** A minute job found its minute already charged, or the show no longer live: nothing to do. */
class NotDue extends Error {}

/** Holds the show's row for the payment: it must still be live, with exactly the minutes before this one charged. */
async function holdDueMinute(tx: Transaction, showId: string, minute: number) {
  const row = await lockShowMinutes(tx, showId);
  if (row?.status !== 'live' || row.minutesCharged !== minute - 1) throw new NotDue();
}

const intentOf = (show: RequestRow, minute: number) => {
  const key = `private-show:${show.id}:minute:${minute}`;
  return { key, fingerprint: createHash('sha256').update(`${show.id}\n${minute}\n${show.pricePerMinuteCents}`).digest('hex') };
};

/**
 * Charges minute `minute` of a live show at its start: commission and earnings as every sale, a
 * refundable `stream` charge whose item is the show. The creator is told once, at the first
 * minute (a notice every minute would flood the bell); both parties hear every minute. A wallet
 * that cannot pay ends the show (`wallet`); a fan the creator may no longer be paid by ends it too.
 */
export async function chargeMinute(deps: Deps, showId: string, minute: number) {
  const show = await showById(deps.db, showId);
  if (show?.status !== 'live' || show.minutesCharged >= minute) return;
  if (await payRefusalOf(deps.db, show.userId, show.performerId)) return void (await endPrivateShow(deps, show.id, 'performer'));
  const fanName = await nameOf(deps.db, show.userId);
  const price = show.pricePerMinuteCents;
  try {
    const { answer, moved } = await payFromWalletOnce(
      deps,
      {
        fanId: show.userId,
        performerId: show.performerId,
        type: 'stream',
        itemId: show.id,
        priceCents: price,
        message: `Private show, minute ${minute}`,
        notice:
          minute === 1
            ? {
                kind: 'purchase',
                text: `${fanName ?? 'A fan'} started a private show with you at ${formatTokens(fromCents(price))} a minute`,
                link: '/creator/earnings',
              }
            : undefined,
      },
      intentOf(show, minute),
      (charge) => ({ chargeId: charge.id }),
      {
        before: (tx) => holdDueMinute(tx, show.id, minute),
        after: async (tx) => {
          await setMinutesCharged(tx, show.id, minute);
          await queueMinute(deps, tx, show, minute + 1);
          if ((await balanceOf(tx, walletOf(show.userId))) < price) {
            await deps.jobs.enqueue(
              tx,
              LOW_BALANCE_JOB,
              { showId: show.id, minute: minute + 1 },
              {
                key: `private-show:${show.id}:low-balance:${minute + 1}`,
                runAt: new Date(minuteStart(deps, show, minute + 1).getTime() - leadMs(deps)),
              },
            );
          }
        },
      },
    );
    if (!moved) return;
    for (const userId of [show.userId, show.performerId]) {
      deps.realtime.toUser(userId).emit('private/minute_charged', { showId: show.id, minute, amount: fromCents(price) });
    }
    notifyBalance(deps, show.userId, answer.balanceCents);
    notifyBalance(deps, show.performerId, answer.creatorBalanceCents);
  } catch (error) {
    if (error instanceof NotDue) return;
    if (error instanceof AppError && error.code === ErrorCode.insufficientBalance)
      return void (await endPrivateShow(deps, show.id, 'wallet'));
    throw error;
  }
}

/** Shortly before minute `minute`: both parties are warned if the wallet still cannot pay it (the fan may top up meanwhile). */
async function warnLowBalance(deps: Deps, showId: string, minute: number) {
  const show = await showById(deps.db, showId);
  if (show?.status !== 'live' || show.minutesCharged !== minute - 1) return;
  if ((await balanceOf(deps.db, walletOf(show.userId))) >= show.pricePerMinuteCents) return;
  const secondsLeft = Math.max(0, Math.round((minuteStart(deps, show, minute).getTime() - Date.now()) / 1000));
  for (const userId of [show.userId, show.performerId]) deps.realtime.toUser(userId).emit('private/low_balance', { showId, secondsLeft });
}

/** A party's socket left the show's room: unless one of theirs is back in it after the grace, the show ends. */
export async function queueGoneCheck(deps: Deps, showId: string, userId: string) {
  await deps.jobs.enqueue(deps.db, GONE_JOB, { showId, userId }, { runAt: new Date(Date.now() + deps.config.privateShow.graceMs) });
}

async function endIfGone(deps: Deps, showId: string, userId: string) {
  const sockets = await deps.realtime.io.in(privateShowRoom(showId)).fetchSockets();
  if (sockets.some((socket) => socket.data.userId === userId)) return;
  await endPrivateShow(deps, showId, 'disconnected');
}

export function registerPrivateShowJobs(deps: Deps) {
  deps.jobs.register(MINUTE_JOB, ({ showId, minute }) => chargeMinute(deps, showId, minute));
  deps.jobs.register(LOW_BALANCE_JOB, ({ showId, minute }) => warnLowBalance(deps, showId, minute));
  deps.jobs.register(GONE_JOB, ({ showId, userId }) => endIfGone(deps, showId, userId));
}
