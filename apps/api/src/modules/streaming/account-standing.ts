import { formatTokens, fromCents } from '@limelight/contracts';
import type { Transaction } from '../../db/client';
import type { Deps } from '../../deps';
import { notifyBalance, refundWalletCharge } from '../money';
import { notify, notifyRefund } from '../notifications';
import { announce, announceEnd, type RequestRow } from './private-shows';
import { lastMinuteCharge } from './repo/charges';
import { cancelOpenRequestsOf, endShowsOfCreator, endShowsOfFan } from './repo/private-shows';

type Refunded = NonNullable<Awaited<ReturnType<typeof refundWalletCharge>>>;
export type ClosedShows = { cancelled: RequestRow[]; ended: RequestRow[]; refunds: Refunded[] };

const otherParty = (row: RequestRow, accountId: string) => (row.userId === accountId ? row.performerId : row.userId);

/**
 * The minute a show was in when it ended: paid at its start (decision 025), cut short by the
 * standing change, so it goes back to the fan through the money module. Earlier minutes were
 * delivered and stay paid, as every period already delivered does (decision 045). A charge is
 * given back once (`refundWalletCharge` moves only a successful one).
 */
async function refundMinuteInProgress(deps: Deps, tx: Transaction, show: RequestRow) {
  const last = await lastMinuteCharge(tx, show);
  const refunded = last && (await refundWalletCharge(tx, last.id));
  if (!refunded) return undefined;
  await notifyRefund(deps, tx, {
    fanId: show.userId,
    performerId: show.performerId,
    amount: formatTokens(fromCents(refunded.charge.grossCents)),
    item: 'the minute of a private show that was cut short',
  });
  return refunded;
}

/**
 * An account was suspended or banned (decision 045): inside the standing change's transaction, its
 * open private shows close, as fan or as creator. Pending and accepted requests are cancelled (a
 * request takes no money: it only checks that the wallet holds a minute); a live show ends as if
 * the party whose account changed hung up, and its minute in progress is refunded. The other party
 * is told in the app (the refund's own notice and e-mail tell of the money). Each row moves once
 * and a charge is refunded once, so running it again moves nothing. Once the transaction commits,
 * `announceClosedShows` tells the sockets.
 */
export async function closePrivateShowsOf(deps: Deps, tx: Transaction, account: { id: string; name: string | null }): Promise<ClosedShows> {
  const cancelled = await cancelOpenRequestsOf(tx, account.id);
  // Only live shows are left open (the accepted ones were just cancelled); the party leaving "hangs up".
  const ended = [...(await endShowsOfFan(tx, account.id, 'fan')), ...(await endShowsOfCreator(tx, account.id, 'performer'))];
  const refunds: Refunded[] = [];
  for (const show of ended) {
    const refunded = await refundMinuteInProgress(deps, tx, show);
    if (refunded) refunds.push(refunded);
  }
  const name = account.name ?? 'the other person';
  const unavailable = 'their account is not available';
  for (const row of cancelled) {
    await notify(deps, tx, {
      userId: otherParty(row, account.id),
      kind: 'moderation',
      text: `A private show request with ${name} was cancelled: ${unavailable}`,
      link: null,
    });
  }
  for (const row of ended) {
    await notify(deps, tx, {
      userId: otherParty(row, account.id),
      kind: 'moderation',
      text: `Your private show with ${name} ended: ${unavailable}`,
      link: null,
    });
  }
  return { cancelled, ended, refunds };
}

/** After the commit: the creator's pending list loses the cancelled requests, both parties hear each new state, balances move. */
export async function announceClosedShows(deps: Deps, closed: ClosedShows) {
  for (const row of closed.cancelled) {
    deps.realtime.toUser(row.performerId).emit('private/request_removed', { conversationId: row.conversationId, status: row.status });
    await announce(deps, row);
  }
  for (const row of closed.ended) await announceEnd(deps, row);
  for (const refund of closed.refunds) {
    notifyBalance(deps, refund.charge.userId, refund.payerBalance);
    notifyBalance(deps, refund.charge.performerId, refund.creatorBalance);
  }
  deps.jobs.wake();
}
