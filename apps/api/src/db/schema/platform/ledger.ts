import type { LedgerAccountKind } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../columns';
import { users } from '../users';

/**
 * The double-entry ledger (domain rules, Money). Every account has a cached balance in cents
 * that changes in the same transaction as its entries; the accounts that hold someone's money
 * can never go below zero (the check is the last line of defence behind conditional updates).
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    /** The fan or creator whose money this is; null for the platform's own accounts. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'restrict' }),
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_kind_key').on(t.ownerId, t.kind).nullsNotDistinct(),
    check(
      'ledger_accounts_kind_check',
      sql`${t.kind} in ('wallet', 'earnings', 'payout_hold', 'paid_out', 'platform_revenue', 'promotions', 'gateway_clearing', 'refund_losses')`,
    ),
    // Money from outside (card payments) and what the platform gives away (coupon discounts) are
    // the only balances that run negative.
    check('ledger_accounts_non_negative', sql`${t.kind} in ('gateway_clearing', 'promotions', 'refund_losses') or ${t.balanceCents} >= 0`),
  ],
);

/** One money movement: its entries sum to zero. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: id(),
    /** top_up, charge, subscription, payout_request, payout_rejected, payout_paid, refund. */
    kind: text('kind').notNull(),
    /** What moved the money: a wallet charge, a payment, a payout request. */
    referenceType: text('reference_type').notNull(),
    referenceId: uuid('reference_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A payment or a charge moves money once; a retried confirmation finds this row.
    unique('ledger_journals_reference_kind_key').on(t.referenceType, t.referenceId, t.kind),
    // The admin's dashboard sums a period's movements by day.
    index('ledger_journals_created_at_idx').on(t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    journalId: uuid('journal_id')
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Positive adds to the account, negative takes from it. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_account_idx').on(t.accountId, t.createdAt), index('ledger_entries_journal_idx').on(t.journalId)],
);
