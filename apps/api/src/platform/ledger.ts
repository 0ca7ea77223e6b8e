import { ErrorCode, type LedgerAccountKind, ledgerAccountKinds, outsideAccountKinds } from '@limelight/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerJournals } from '../db/schema';
import { AppError } from './errors';

/** An account by whose money it is: a user's wallet or earnings, or one of the platform's (owner null). */
export type AccountRef = { kind: LedgerAccountKind; ownerId: string | null };
export type Posting = AccountRef & { amountCents: number };
export type JournalHeader = { kind: string; referenceType: string; referenceId: string };

export const walletOf = (ownerId: string): AccountRef => ({ kind: 'wallet', ownerId });
export const earningsOf = (ownerId: string): AccountRef => ({ kind: 'earnings', ownerId });
export const payoutHoldOf = (ownerId: string): AccountRef => ({ kind: 'payout_hold', ownerId });
export const platform = (kind: 'platform_revenue' | 'gateway_clearing' | 'promotions' | 'paid_out'): AccountRef => ({
  kind,
  ownerId: null,
});

export const insufficientBalance = () =>
  new AppError(402, ErrorCode.insufficientBalance, 'Your wallet balance is not enough: top up your wallet first');

/**
 * Locks are always taken in one order (by account kind, then owner), so two movements never
 * wait on each other in a circle; the fan's wallet comes first and fails fast.
 */
const lockOrder = (a: Posting, b: Posting) =>
  ledgerAccountKinds.indexOf(a.kind) - ledgerAccountKinds.indexOf(b.kind) || (a.ownerId ?? '').localeCompare(b.ownerId ?? '');

const ownerIs = (ownerId: string | null) => (ownerId ? eq(ledgerAccounts.ownerId, ownerId) : isNull(ledgerAccounts.ownerId));

/** Applies one posting to its account's cached balance in one statement; refuses to overdraw. */
async function applyPosting(tx: Queryable, posting: Posting): Promise<{ id: string; balanceCents: number }> {
  const mayGoNegative = outsideAccountKinds.includes(posting.kind);
  if (posting.amountCents > 0 || mayGoNegative) {
    // Created on its first movement.
    const [row] = await tx
      .insert(ledgerAccounts)
      .values({ kind: posting.kind, ownerId: posting.ownerId, balanceCents: posting.amountCents })
      .onConflictDoUpdate({
        target: [ledgerAccounts.ownerId, ledgerAccounts.kind],
        set: { balanceCents: sql`${ledgerAccounts.balanceCents} + excluded.balance_cents` },
      })
      .returning({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents });
    return row!;
  }
  // The atomic conditional debit: no row back means the balance is short (or the account is new, at 0).
  const [row] = await tx
    .update(ledgerAccounts)
    .set({ balanceCents: sql`${ledgerAccounts.balanceCents} + ${posting.amountCents}` })
    .where(
      and(
        eq(ledgerAccounts.kind, posting.kind),
        ownerIs(posting.ownerId),
        sql`${ledgerAccounts.balanceCents} + ${posting.amountCents} >= 0`,
      ),
    )
    .returning({ id: ledgerAccounts.id, balanceCents: ledgerAccounts.balanceCents });
  if (!row) throw insufficientBalance();
  return row;
}

/**
 * Records one money movement inside the caller's transaction: a journal, its entries (which
 * must sum to zero) and the new cached balances. Returns each account's new balance in the
 * order of `postings`. A journal for the same reference and kind exists at most once.
 */
export async function post(tx: Queryable, journal: JournalHeader, postings: Posting[]): Promise<number[]> {
  const lines = postings.filter((posting) => posting.amountCents !== 0);
  if (lines.some((line) => !Number.isSafeInteger(line.amountCents))) throw new Error('ledger amounts are integer cents');
  if (lines.reduce((sum, line) => sum + line.amountCents, 0) !== 0) throw new Error(`unbalanced journal ${journal.kind}`);
  const [created] = await tx.insert(ledgerJournals).values(journal).returning({ id: ledgerJournals.id });
  const applied = new Map<Posting, { id: string; balanceCents: number }>();
  for (const line of [...lines].sort(lockOrder)) applied.set(line, await applyPosting(tx, line));
  await tx
    .insert(ledgerEntries)
    .values(lines.map((line) => ({ journalId: created!.id, accountId: applied.get(line)!.id, amountCents: line.amountCents })));
  return postings.map((posting) => applied.get(posting)?.balanceCents ?? Number.NaN);
}

/** An account's balance in cents (0 before its first movement). */
export async function balanceOf(db: Queryable, account: AccountRef): Promise<number> {
  const [row] = await db
    .select({ balanceCents: ledgerAccounts.balanceCents })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, account.kind), ownerIs(account.ownerId)));
  return row?.balanceCents ?? 0;
}
