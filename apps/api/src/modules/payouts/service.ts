import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  formatTokens,
  fromCents,
  type PayoutMethod,
  type PayoutRequest,
  type PayoutRequestInput,
  type payoutQuerySchema,
  type reviewPayoutSchema,
  toCents,
} from '@limelight/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { payoutRequests } from '../../db/schema/payouts';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../platform/auth';
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { idempotent, intentOf } from '../../platform/idempotency';
import { balanceOf, earningsOf } from '../../platform/ledger';
import { assertMay, assertMayRequestPayout, inGoodStanding, isAdmin, standingOf } from '../access';
import { alertAdmin } from '../emails';
import { BPS, changePayoutHold, fromBps, holdPayout, notifyBalance, releasePayoutHold } from '../money';
import { notify } from '../notifications';
import { stripeConnectAccount } from '../payments';
import { publicUsersById } from '../users';
import {
  amountHeldBy,
  bankAccountOf,
  changePayoutRequest,
  findPayoutRequest,
  gatewaySettingsOf,
  insertPayoutRequest,
  lockPayoutRequestOf,
  payoutStatusOf,
  payoutsPage,
  pendingRequestOf,
  setPayoutStatus,
  standingOfRequester,
} from './repo';

type PayoutRow = typeof payoutRequests.$inferSelect;

const onePending = () => conflict('You already have a payout request waiting for review');
const notEnough = (available: number) =>
  new AppError(402, ErrorCode.insufficientBalance, `You can request at most ${available} tokens`, [
    { field: 'amount', message: `must be at most ${available}` },
  ]);

/** A payout method with nothing on file: refused in words a creator acts on, naming the field. */
const notReady = (message: string) => unprocessable(message, [{ field: 'paymentAccountType', message }]);

/**
 * Where the money goes, as it stands now: kept with the request, so later edits do not redirect
 * it. A method with no details on file is refused, saying where to add them; Stripe Connect only
 * once Stripe says it may be paid out to (decision 038).
 */
async function destination(deps: Deps, performerId: string, method: PayoutMethod): Promise<Record<string, string>> {
  if (method === 'banking') {
    const bank = await bankAccountOf(deps.db, performerId);
    if (!bank) throw notReady('Add your bank account on the Banking page first, or choose another way to be paid');
    return {
      holder: `${bank.firstName} ${bank.lastName}`,
      bankName: bank.bankName,
      account: `•••• ${bank.bankAccount.slice(-4)}`,
      country: bank.country,
    };
  }
  if (method === 'stripe') {
    const account = await stripeConnectAccount(deps, performerId);
    if (!account.available) throw notReady('Stripe payouts are not offered on this site: choose your bank account or PayPal');
    if (account.status === 'pending_verification')
      throw notReady('Stripe is still verifying your details: a payout to Stripe can be asked for once it has finished');
    if (account.status !== 'enabled')
      throw notReady('Finish setting up Stripe on the Banking page first, or choose another way to be paid');
    return { stripeAccount: account.accountId! };
  }
  const gateway = await gatewaySettingsOf(deps.db, performerId, method);
  if (!gateway) throw notReady('Add your PayPal e-mail on the Banking page first, or choose another way to be paid');
  return { email: gateway.value.email };
}

function checkAmount(deps: Deps, amount: number) {
  const minimum = deps.settings.get('minimumPayoutAmount');
  if (amount < minimum)
    throw badRequest(`A payout must be at least ${minimum} tokens`, [{ field: 'amount', message: `must be at least ${minimum}` }]);
}

/**
 * `POST /payout-requests`: moves the amount from the creator's earnings to on-hold in the same
 * transaction, so it cannot be spent or requested twice; one pending request at a time.
 */
export async function createPayoutRequest(
  deps: Deps,
  performer: SessionUser,
  input: PayoutRequestInput & { amount: number },
  request: FastifyRequest,
) {
  await assertMayRequestPayout(deps.db, performer);
  checkAmount(deps, input.amount);
  const method = input.paymentAccountType ?? 'banking';
  const info = await destination(deps, performer.id, method);
  const amountCents = toCents(input.amount);
  const created = await idempotent(
    deps.db,
    performer.id,
    intentOf(request),
    async (tx) => {
      const id = randomUUID();
      await insertPayoutRequest(tx, {
        id,
        performerId: performer.id,
        amountCents,
        paymentAccountType: method,
        paymentAccountInfo: info,
        tokenConversionBps: Math.round(deps.settings.get('tokenConversionRate') * BPS),
        requestNote: input.requestNote ?? '',
      }).catch((error: unknown) => {
        throw uniqueViolation(error) ? onePending() : error;
      });
      const available = await holdPayout(tx, performer.id, id, amountCents);
      await alertAdmin(deps, tx, 'admin.payoutRequested', {
        creator: performer.username,
        amount: formatTokens(input.amount),
        link: `${deps.config.publicUrl}/admin/payouts`,
      });
      return { id, available };
    },
    (answer) => notifyBalance(deps, performer.id, answer.available),
  ).catch(explainShortfall(deps, performer.id, async () => 0));
  return payoutFor(deps, performer, created.id);
}

/** A short balance, told as the most the creator may ask for (after the transaction, whose connection it needs). */
const explainShortfall =
  (deps: Deps, performerId: string, alreadyHeldCents: () => Promise<number>) =>
  async (error: unknown): Promise<never> => {
    if (error instanceof AppError && error.code === ErrorCode.insufficientBalance) {
      throw notEnough(fromCents((await balanceOf(deps.db, earningsOf(performerId))) + (await alreadyHeldCents())));
    }
    throw error;
  };

/** `PUT /payout-requests/{id}`: the creator changes a pending request; the hold follows the amount. */
export async function updatePayoutRequest(deps: Deps, performer: SessionUser, id: string, input: PayoutRequestInput & { amount: number }) {
  checkAmount(deps, input.amount);
  const method = input.paymentAccountType ?? 'banking';
  // Another creator's request is not found before anything about the destination is said; the
  // destination is read outside the transaction, as it may ask Stripe.
  await payoutFor(deps, performer, id);
  const info = await destination(deps, performer.id, method);
  const available = await deps.db
    .transaction(async (tx) => {
      const current = await lockPayoutRequestOf(tx, id, performer.id);
      if (!current) throw notFound('Payout request');
      if (current.status !== 'pending') throw conflict('Only a pending request can be changed');
      const difference = toCents(input.amount) - current.amountCents;
      let balance: number | undefined;
      if (difference !== 0) balance = await changePayoutHold(tx, performer.id, difference);
      await changePayoutRequest(tx, id, {
        amountCents: toCents(input.amount),
        paymentAccountType: method,
        paymentAccountInfo: info,
        requestNote: input.requestNote ?? '',
      });
      return balance;
    })
    .catch(explainShortfall(deps, performer.id, () => amountHeldBy(deps.db, id)));
  if (available !== undefined) notifyBalance(deps, performer.id, available);
  return payoutFor(deps, performer, id);
}

/**
 * A suspended or banned creator's payout requests are held (decision 045): they stay as they are
 * (the amount on hold) and cannot be approved or paid until the account is in good standing
 * again; the admin may still reject one, which returns the amount to the creator's earnings.
 */
async function assertPayoutNotHeld(tx: Queryable, id: string) {
  const creator = await standingOfRequester(tx, id);
  if (creator && !inGoodStanding(creator)) {
    throw conflict(`This payout request is held: the creator's account is ${standingOf(creator)}`);
  }
}

/**
 * The admin's decision, applied once: approved (still on hold), rejected (the hold returns to the
 * creator's earnings) or paid (the hold leaves the platform).
 */
export async function reviewPayoutRequest(deps: Deps, admin: SessionUser, id: string, review: z.output<typeof reviewPayoutSchema>) {
  const from = review.status === 'approved' ? ['pending'] : ['pending', 'approved'];
  const result = await deps.db.transaction(async (tx) => {
    if (review.status !== 'rejected') await assertPayoutNotHeld(tx, id);
    const updated = await setPayoutStatus(tx, id, from as PayoutRow['status'][], review);
    if (!updated) {
      const status = await payoutStatusOf(tx, id);
      if (!status) throw notFound('Payout request');
      throw conflict(`This request is ${status}: it cannot become ${review.status}`);
    }
    await notify(deps, tx, {
      userId: updated.performerId,
      kind: 'payout_status',
      text: `Your payout request of ${fromCents(updated.amountCents)} tokens was ${review.status}${review.adminNote ? `: ${review.adminNote}` : ''}`,
      link: '/creator/payouts',
    });
    if (review.status === 'approved') return undefined;
    const available = await releasePayoutHold(tx, updated.performerId, id, updated.amountCents, review.status);
    return review.status === 'rejected' ? { performerId: updated.performerId, available } : undefined;
  });
  if (result) notifyBalance(deps, result.performerId, result.available);
  return payoutFor(deps, admin, id);
}

async function presentPayouts(deps: Deps, rows: PayoutRow[]): Promise<PayoutRequest[]> {
  if (!rows.length) return [];
  const people = await publicUsersById(
    deps.db,
    rows.map((row) => row.performerId),
  );
  return rows.map((row) => ({
    _id: row.id,
    amount: fromCents(row.amountCents),
    status: row.status,
    paymentAccountType: row.paymentAccountType,
    paymentAccountInfo: row.paymentAccountInfo,
    tokenConversionRate: fromBps(row.tokenConversionBps),
    requestNote: row.requestNote,
    adminNote: row.adminNote,
    performer: people.get(row.performerId)!,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** `GET /payout-requests/{id}/view`: for the creator who asked, or an admin. */
export async function payoutFor(deps: Deps, viewer: SessionUser, id: string) {
  assertMay(viewer, 'payout.view', null, () => forbidden());
  const row = await findPayoutRequest(deps.db, id, isAdmin(viewer) ? undefined : viewer.id);
  if (!row) throw notFound('Payout request');
  return (await presentPayouts(deps, [row]))[0]!;
}

/** `GET /payout-requests/check/pending-review`. */
export async function pendingPayout(deps: Deps, performer: SessionUser) {
  const row = await pendingRequestOf(deps.db, performer.id);
  return { hasPending: !!row, request: row ? (await presentPayouts(deps, [row]))[0]! : null };
}

/** A creator's own requests, or (admin, `performerId` optional) everyone's. */
export async function searchPayouts(deps: Deps, query: z.output<typeof payoutQuerySchema>, performerId?: string) {
  const { rows, total } = await payoutsPage(deps.db, query, performerId ?? query.performerId);
  return { data: await presentPayouts(deps, rows), total };
}
