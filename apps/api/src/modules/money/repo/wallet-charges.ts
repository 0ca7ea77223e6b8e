import type { ChargeType, NotificationKind } from '@limelight/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Transaction } from '../../../db/client';
import { rowFromJson } from '../../../db/json-row';
import { preparedStatement } from '../../../db/prepared';
import { earnings, type PurchasableType, purchasedItems, walletCharges } from '../../../db/schema/money';
import { priorAnswerSql, storeAnswerSql } from '../../../platform/idempotency';
import { creditOwnedSql, debitCoveredSql, journalSql, platformAccountIdSql } from '../../../platform/ledger';
import { notifyInStatement } from '../../notifications';
import { saleSplitSql } from './sales';

/** A named parameter of the prepared statement, as SQL (the shared statement pieces take SQL). */
const p = (name: string) => sql`${sql.placeholder(name)}`;

/**
 * A whole wallet payment as one statement (decision 017): one round trip, and the creator's
 * balance row (every sale of a hot creator waits on it) is locked only until the commit that
 * follows at once. With a key, it first reads the Idempotency-Key (known: it does nothing and
 * answers the stored row) and stores the answer with the payment. In order: an item the fan
 * already owns (then nothing happens either), the split (`saleSplitSql`, the one every sale
 * uses), the fan's conditional debit (no row: not enough money, and nothing else happens), the
 * charge, the unlocked item, the earning, the journal, the creator's earnings (created with their
 * first sale), the entries, the notice, the key. The wallet is locked before the earnings, the
 * ledger's lock order. The platform's revenue account exists from migration 0029 on: the entry
 * finds it by the (owner_id, kind) unique index (decision 022).
 */
const payStatement = preparedStatement<{
  charge: Record<string, unknown> | null;
  balance: number | null;
  creator_balance: number | null;
  prior: { fingerprint: string; response: unknown } | null;
  owned: boolean;
}>(
  'pay_from_wallet',
  sql`
    with ${priorAnswerSql(p('fanId'), p('key'))},
    owned as (
      select 1 from ${purchasedItems}
      where user_id = ${p('fanId')}::uuid and item_type = ${p('unlocks')}::text and item_id = ${p('itemId')}::uuid),
    split as (
      select ${p('grossCents')}::bigint as gross, s.bps, s.commission
      from (${saleSplitSql({ performerId: sql`${p('performerId')}::uuid`, grossCents: sql`${p('grossCents')}::bigint`, siteBps: sql`${p('siteBps')}::int` })}) s
      where not exists (select 1 from prior) and not exists (select 1 from owned)),
    debit as (${debitCoveredSql('wallet', sql`${p('fanId')}::uuid`, sql`split.gross`, sql`split`)}),
    charge as (
      insert into ${walletCharges} (id, user_id, performer_id, type, item_id, gross_cents, commission_cents, net_cents, message, created_at, updated_at)
      select ${p('chargeId')}::uuid, ${p('fanId')}::uuid, ${p('performerId')}::uuid, ${p('type')}::text, ${p('itemId')}::uuid,
        split.gross, split.commission, split.gross - split.commission, ${p('message')}::text,
        ${p('createdAt')}::timestamptz, ${p('createdAt')}::timestamptz
      from split, debit
      returning *),
    unlocked as (
      insert into ${purchasedItems} (user_id, item_type, item_id, charge_id)
      select user_id, ${p('unlocks')}::text, item_id, id from charge where ${p('unlocks')}::text is not null),
    earning as (
      insert into ${earnings} (performer_id, user_id, source_type, source_id, gross_cents, commission_cents, net_cents, commission_bps)
      select c.performer_id, c.user_id, c.type, c.id, c.gross_cents, c.commission_cents, c.net_cents, split.bps from charge c, split),
    credit as (${creditOwnedSql('earnings', { ownerId: sql`performer_id`, amount: sql`net_cents`, from: sql`charge` })}),
    ${journalSql(
      { kind: sql`'charge'`, referenceType: sql`'wallet_charge'`, referenceId: sql`charge.id` },
      sql`(debit.id, -charge.gross_cents), (credit.id, charge.net_cents),
        (${platformAccountIdSql('platform_revenue')}, charge.commission_cents)`,
      sql`charge, debit, credit`,
    )},
    ${notifyInStatement(
      { userId: p('performerId'), kind: p('noticeKind'), actorId: p('fanId'), text: p('noticeText'), link: p('noticeLink') },
      sql`charge`,
    )},
    ${storeAnswerSql(
      {
        userId: p('fanId'),
        key: p('key'),
        fingerprint: p('fingerprint'),
        response: sql`${p('answer')}::jsonb || jsonb_build_object('balanceCents', debit.balance_cents, 'creatorBalanceCents', credit.balance_cents)`,
      },
      sql`debit, credit`,
    )}
    select (select to_json(charge) from charge) as charge, (select balance_cents::float8 from debit) as balance,
      (select balance_cents::float8 from credit) as creator_balance, (select to_json(prior) from prior) as prior,
      exists (select 1 from owned) as owned`,
);

/** The named parameters of `payStatement`: the sale, the charge's own values, the notice and the key (null when none). */
export type WalletPaymentParams = {
  fanId: string;
  performerId: string;
  type: ChargeType;
  itemId: string | null;
  grossCents: number;
  siteBps: number;
  chargeId: string;
  createdAt: string;
  message: string;
  unlocks: PurchasableType | null;
  noticeKind: NotificationKind | null;
  noticeText: string | null;
  noticeLink: string | null;
  key: string | null;
  fingerprint: string | null;
  answer: string | null;
};

/** Runs a whole wallet payment (`payStatement`), one round trip: its one row, the charge (if written) read as a row. */
export async function payInOneStatement(db: Queryable, params: WalletPaymentParams) {
  const [row] = await payStatement(db, params);
  return { ...row!, charge: row!.charge && rowFromJson(walletCharges, row!.charge) };
}

/** Marks a successful charge refunded, once: the charge, none when it is not (or no longer) a successful one. */
export async function markChargeRefunded(tx: Transaction, chargeId: string) {
  const [charge] = await tx
    .update(walletCharges)
    .set({ status: 'refunded' })
    .where(and(eq(walletCharges.id, chargeId), eq(walletCharges.status, 'success')))
    .returning();
  return charge;
}

/** Takes back the item this charge unlocked. */
export const forgetUnlockedItem = (tx: Transaction, chargeId: string) =>
  tx.delete(purchasedItems).where(eq(purchasedItems.chargeId, chargeId));
