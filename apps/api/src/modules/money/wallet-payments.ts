import { randomUUID } from 'node:crypto';
import type { ChargeType, NotificationKind } from '@limelight/contracts';
import type { Queryable, Transaction } from '../../db/client';
import type { PurchasableType, walletCharges } from '../../db/schema/money';
import type { Deps } from '../../deps';
import { conflict } from '../../platform/errors';
import { uniqueViolation } from '../../platform/http';
import { type Intent, idempotent, replayOf, storedAnswer } from '../../platform/idempotency';
import { insufficientBalance, walletOf } from '../../platform/ledger';
import { forgetUnlockedItem, markChargeRefunded, payInOneStatement } from './repo/wallet-charges';
import { refundSaleOf, siteCommissionBps } from './sales';

export type WalletSale = {
  fanId: string;
  performerId: string;
  type: ChargeType;
  itemId: string | null;
  priceCents: number;
  message?: string;
  /** An item bought once and unlocked for good: a second purchase fails on its unique key (`purchased_items_user_item_key`). */
  unlocks?: PurchasableType;
  /** What the creator is told, recorded with the payment. */
  notice?: { kind: NotificationKind; text: string; link: string };
};
type ChargeRow = typeof walletCharges.$inferSelect;
/** A charge as it is known before it is written: all but the split, which the database works out. */
export type NewCharge = Omit<ChargeRow, 'commissionCents' | 'netCents'>;
export type WalletPayment = { charge: ChargeRow; payerBalance: number; creatorBalance: number };
/** What a payment's stored answer adds to the caller's: the fan's and the creator's new balances. */
export type PaidBalances = { balanceCents: number; creatorBalanceCents: number };

const alreadyBought = () => conflict('You have already bought this');

/**
 * What the statement's outcome means: a payment, or a refusal (the item is owned already, asked
 * before the balance; the wallet holds too little). A unique key settles two purchases racing.
 */
function paymentOf(row: { charge: ChargeRow | null; owned: boolean }) {
  if (row.owned) throw alreadyBought();
  if (!row.charge) throw insufficientBalance();
  return row.charge;
}
const asAlreadyBought = (error: unknown) => (uniqueViolation(error) === 'purchased_items_user_item_key' ? alreadyBought() : error);

/** A new charge of this sale, before it is written. */
function newCharge(sale: WalletSale): NewCharge {
  const now = new Date();
  return {
    id: randomUUID(),
    userId: sale.fanId,
    performerId: sale.performerId,
    type: sale.type,
    itemId: sale.itemId,
    status: 'success',
    grossCents: sale.priceCents,
    message: sale.message ?? '',
    createdAt: now,
    updatedAt: now,
  };
}

async function runPayment(
  deps: Pick<Deps, 'settings'>,
  db: Queryable,
  sale: WalletSale,
  charge: NewCharge,
  once?: { intent: Intent; answer: object },
) {
  return payInOneStatement(db, {
    fanId: sale.fanId,
    performerId: sale.performerId,
    type: sale.type,
    itemId: sale.itemId,
    grossCents: sale.priceCents,
    siteBps: siteCommissionBps(deps),
    chargeId: charge.id,
    createdAt: charge.createdAt.toISOString(),
    message: charge.message,
    unlocks: sale.unlocks ?? null,
    noticeKind: sale.notice?.kind ?? null,
    noticeText: sale.notice?.text ?? null,
    noticeLink: sale.notice?.link ?? null,
    key: once?.intent.key ?? null,
    fingerprint: once?.intent.fingerprint ?? null,
    answer: once ? JSON.stringify(once.answer) : null,
  });
}

/**
 * Pays a sale from the fan's wallet inside the caller's transaction `tx` (a subscription period
 * paid with it follows), in one statement: the wallet charge the fan and the creator see, the
 * earning and the ledger journal, whose conditional debit refuses a wallet holding too little.
 * A notice given here is pushed at the job queue's next look (`payFromWalletOnce` wakes it).
 */
export async function payFromWallet(deps: Pick<Deps, 'settings'>, tx: Queryable, sale: WalletSale): Promise<WalletPayment> {
  const row = await runPayment(deps, tx, sale, newCharge(sale));
  return { charge: paymentOf(row), payerBalance: row.balance!, creatorBalance: row.creator_balance! };
}

/**
 * Pays a sale from the fan's wallet at most once per intent (its Idempotency-Key) and answers
 * `answer` (made from the charge before it is written) with the new balances; a retry, or a
 * duplicate racing the first, gets the first answer back and moves nothing (`moved` false).
 * Every wallet payment goes through here or `payFromWallet`; a new thing to sell is one more
 * `ChargeType`. Without `hooks` it is one statement, one round trip; with them (a product
 * reserves its stock before and places its order after) one transaction around it.
 */
export async function payFromWalletOnce<T extends object>(
  deps: Pick<Deps, 'settings' | 'jobs' | 'db'>,
  sale: WalletSale,
  intent: Intent | undefined,
  answer: (charge: NewCharge) => T,
  hooks?: { before?(tx: Transaction): Promise<void>; after?(tx: Transaction, charge: ChargeRow): Promise<void> },
): Promise<{ answer: T & PaidBalances; moved: boolean }> {
  if (hooks) {
    let moved = false;
    const result = await idempotent(
      deps.db,
      sale.fanId,
      intent,
      async (tx) => {
        await hooks.before?.(tx);
        const payment = await payFromWallet(deps, tx, sale);
        await hooks.after?.(tx, payment.charge);
        return { ...answer(payment.charge), balanceCents: payment.payerBalance, creatorBalanceCents: payment.creatorBalance };
      },
      () => {
        moved = true;
      },
    ).catch((error: unknown) => {
      throw asAlreadyBought(error);
    });
    if (moved && sale.notice) deps.jobs.wake();
    return { answer: result, moved };
  }
  const charge = newCharge(sale);
  const answered = answer(charge);
  try {
    const row = await runPayment(deps, deps.db, sale, charge, intent && { intent, answer: answered });
    const replay = intent && replayOf<T & PaidBalances>(row.prior, intent);
    if (replay) return { answer: replay.answer, moved: false };
    paymentOf(row);
    if (sale.notice) deps.jobs.wake();
    return { answer: { ...answered, balanceCents: row.balance!, creatorBalanceCents: row.creator_balance! }, moved: true };
  } catch (error) {
    // A duplicate that raced the first one lost (on the key, the wallet the first one emptied,
    // or the item it unlocked): it answers what the first one answered.
    const winner = intent && (await storedAnswer<T & PaidBalances>(deps.db, sale.fanId, intent));
    if (winner) return { answer: winner.answer, moved: false };
    throw asAlreadyBought(error);
  }
}

/**
 * Gives a successful wallet charge back inside `tx`, once: the fan's wallet gets the gross back
 * and loses the item it unlocked (what else it bought, its seller takes back: `Sellable.refund`); the
 * creator gives back the net as far as their available earnings hold it. Returns undefined when
 * the charge is not (or no longer) a successful one.
 */
export async function refundWalletCharge(tx: Transaction, chargeId: string) {
  const charge = await markChargeRefunded(tx, chargeId);
  if (!charge) return undefined;
  const balances = await refundSaleOf(
    tx,
    { sourceType: charge.type, sourceId: charge.id },
    { kind: 'refund', referenceType: 'wallet_charge', referenceId: charge.id },
    walletOf(charge.userId),
  );
  await forgetUnlockedItem(tx, charge.id);
  return { charge, ...balances };
}
