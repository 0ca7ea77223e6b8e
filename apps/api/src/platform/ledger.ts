import { ErrorCode, type LedgerAccountKind, ledgerAccountKinds } from '@limelight/contracts';
import { and, eq, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../db/schema/platform/ledger';
import { AppError } from './errors';

/** An account by whose money it is: a user's wallet or earnings, or one of the platform's (owner null). */
export type AccountRef = { kind: LedgerAccountKind; ownerId: string | null };
export type Posting = AccountRef & { amountCents: number };
export type JournalHeader = { kind: string; referenceType: string; referenceId: string };

export type OwnedAccountRef = AccountRef & { ownerId: string };

export const walletOf = (ownerId: string): OwnedAccountRef => ({ kind: 'wallet', ownerId });
export const earningsOf = (ownerId: string): OwnedAccountRef => ({ kind: 'earnings', ownerId });
export const payoutHoldOf = (ownerId: string): OwnedAccountRef => ({ kind: 'payout_hold', ownerId });
/** The platform's own accounts (owner null): migration 0029 creates each once, so movements only ever find them. */
export const platformAccountKinds = ['platform_revenue', 'gateway_clearing', 'promotions', 'paid_out', 'refund_losses'] as const;
type PlatformAccountKind = (typeof platformAccountKinds)[number];
export const platform = (kind: PlatformAccountKind): AccountRef => ({ kind, ownerId: null });

export const insufficientBalance = () =>
  new AppError(402, ErrorCode.insufficientBalance, 'Your wallet balance is not enough: top up your wallet first');

/**
 * Locks are always taken in one order (by account kind, then owner), so two movements never
 * wait on each other in a circle; the fan's wallet comes first and fails fast.
 */
const lockOrder = (a: AccountRef, b: AccountRef) =>
  ledgerAccountKinds.indexOf(a.kind) - ledgerAccountKinds.indexOf(b.kind) || (a.ownerId ?? '').localeCompare(b.ownerId ?? '');

const ownerIs = (ownerId: string | null) => (ownerId ? eq(ledgerAccounts.ownerId, ownerId) : isNull(ledgerAccounts.ownerId));
const keyOf = (account: AccountRef) => `${account.kind}:${account.ownerId ?? ''}`;

/**
 * The accounts' ids, creating a person's account with its first movement (no row is locked). The
 * platform's exist from migration 0029 on: one missing means the database was not migrated, and
 * the movement fails rather than creating it (decision 022).
 */
async function accountIds(tx: Queryable, accounts: AccountRef[]) {
  const find = async () => {
    const rows = await tx
      .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, ownerId: ledgerAccounts.ownerId })
      .from(ledgerAccounts)
      .where(or(...accounts.map((account) => and(eq(ledgerAccounts.kind, account.kind), ownerIs(account.ownerId)))));
    return new Map(rows.map((row) => [keyOf(row), row.id]));
  };
  // Nearly always every account exists already: one read, and a write only for a person's first.
  const known = await find();
  const missing = accounts.filter((account) => !known.has(keyOf(account)));
  if (!missing.length) return known;
  const unowned = missing.find((account) => !account.ownerId);
  if (unowned) throw new Error(`the platform's ${unowned.kind} ledger account is missing: the migrations create it`);
  await tx
    .insert(ledgerAccounts)
    .values(missing.map(({ kind, ownerId }) => ({ kind, ownerId })))
    .onConflictDoNothing({ target: [ledgerAccounts.ownerId, ledgerAccounts.kind] });
  return find();
}

/**
 * A journal and its entries as two CTEs of one statement, `journal` and `entries`: what every money
 * movement writes, whether `post` writes it or a payment that is one statement (decision 017).
 * `header` and `lines` (a `values` list of account id and amount) may read the CTEs named in `from`
 * (each of one row); lines of 0 are left out.
 */
export function journalSql(header: { kind: SQL; referenceType: SQL; referenceId: SQL }, lines: SQL, from?: SQL): SQL {
  return sql`
    journal as (
      insert into ${ledgerJournals} (kind, reference_type, reference_id)
      select ${header.kind}, ${header.referenceType}, ${header.referenceId}${from ? sql` from ${from}` : sql``} returning id),
    entries as (
      insert into ${ledgerEntries} (journal_id, account_id, amount_cents)
      select journal.id, e.account_id, e.amount from journal${from ? sql`, ${from}` : sql``}, lateral (values ${lines}) e (account_id, amount)
      where e.amount <> 0)`;
}

/**
 * The balance changes of a payment that is one statement (decision 017), as CTE bodies beside
 * `journalSql`, so only this file writes the ledger's accounts. `debitCoveredSql` takes `amount`
 * from an owned account only while its balance covers it (no row when it does not: the caller
 * refuses); `creditOwnedSql` adds each row's amount to its owner's account, opening it on first
 * use; both answer the account's id and balance. `platformAccountIdSql` names a platform account,
 * whose balance is the sum of its entries.
 */
export const debitCoveredSql = (kind: LedgerAccountKind, ownerId: SQL, amount: SQL, from: SQL) => sql`
      update ${ledgerAccounts} a set balance_cents = a.balance_cents - ${amount} from ${from}
      where a.kind = ${sql.raw(`'${kind}'`)} and a.owner_id = ${ownerId} and a.balance_cents >= ${amount}
      returning a.id, a.balance_cents`;

export const creditOwnedSql = (kind: LedgerAccountKind, rows: { ownerId: SQL; amount: SQL; from: SQL }) => sql`
      insert into ${ledgerAccounts} as a (kind, owner_id, balance_cents) select ${sql.raw(`'${kind}'`)}, ${rows.ownerId}, ${rows.amount} from ${rows.from}
      on conflict (owner_id, kind) do update set balance_cents = a.balance_cents + excluded.balance_cents
      returning a.id, a.balance_cents`;

export const platformAccountIdSql = (kind: PlatformAccountKind) =>
  sql`(select id from ${ledgerAccounts} where owner_id is null and kind = ${sql.raw(`'${kind}'`)})`;

/**
 * Changes an owned account's cached balance in one statement; a debit that would overdraw it
 * matches no row (the atomic conditional update) and is refused.
 */
async function applyToBalance(tx: Queryable, accountId: string, amountCents: number) {
  const [row] = await tx
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${amountCents}` })
    .where(and(eq(ledgerAccounts.id, accountId), amountCents < 0 ? sql`${ledgerAccounts.balanceCents} + ${amountCents} >= 0` : undefined))
    .returning({ balanceCents: ledgerAccounts.balanceCents });
  if (!row) throw insufficientBalance();
  return row.balanceCents;
}

/**
 * Records one money movement inside the caller's transaction: a journal, its entries (which
 * must sum to zero) and the new cached balances of the accounts people own. Returns those
 * balances in the order of `postings` (NaN for the platform's accounts). A journal for the same
 * reference and kind exists at most once.
 *
 * The platform's own accounts keep no cached balance (it is the sum of their entries): every
 * sale on the site touches them, and a cached row would make all sales wait on one lock. Owned
 * balances change last, in lock order, so a hot creator's row is held only until the commit.
 */
export async function post(tx: Queryable, journal: JournalHeader, postings: Posting[]): Promise<number[]> {
  const lines = postings.filter((posting) => posting.amountCents !== 0);
  if (lines.some((line) => !Number.isSafeInteger(line.amountCents))) throw new Error('ledger amounts are integer cents');
  if (lines.reduce((sum, line) => sum + line.amountCents, 0) !== 0) throw new Error(`unbalanced journal ${journal.kind}`);
  const ids = await accountIds(tx, lines);
  const entries = sql.join(
    lines.map((line) => sql`(${ids.get(keyOf(line))!}::uuid, ${line.amountCents}::bigint)`),
    sql`, `,
  );
  const header = {
    kind: sql`${journal.kind}::text`,
    referenceType: sql`${journal.referenceType}::text`,
    referenceId: sql`${journal.referenceId}::uuid`,
  };
  await tx.execute(sql`with ${journalSql(header, entries)} select 1`);
  const balances = new Map<Posting, number>();
  for (const line of lines.filter((posting) => posting.ownerId).sort(lockOrder)) {
    balances.set(line, await applyToBalance(tx, ids.get(keyOf(line))!, line.amountCents));
  }
  return postings.map((posting) => balances.get(posting) ?? Number.NaN);
}

/**
 * Owned accounts' balances with their rows locked until the transaction ends (0 before an
 * account's first movement), taken in the ledger's lock order: for a movement that takes "as
 * much as there is". Returned in the order asked.
 */
export async function lockedBalances(tx: Queryable, accounts: OwnedAccountRef[]): Promise<number[]> {
  const balances = new Map<OwnedAccountRef, number>();
  for (const account of [...accounts].sort(lockOrder)) {
    const [row] = await tx
      .select({ balanceCents: ledgerAccounts.balanceCents })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, account.kind), eq(ledgerAccounts.ownerId, account.ownerId)))
      .for('update');
    balances.set(account, row?.balanceCents ?? 0);
  }
  return accounts.map((account) => balances.get(account)!);
}

/** An account's balance in cents (0 before its first movement); the platform's from its entries. */
export async function balanceOf(db: Queryable, account: AccountRef): Promise<number> {
  if (!account.ownerId) {
    const [total] = await db
      .select({ cents: sum(ledgerEntries.amountCents).mapWith(Number) })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(eq(ledgerAccounts.kind, account.kind), isNull(ledgerAccounts.ownerId)));
    return total?.cents ?? 0;
  }
  const [row] = await db
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, account.kind), ownerIs(account.ownerId)));
  return row?.balanceCents ?? 0;
}
