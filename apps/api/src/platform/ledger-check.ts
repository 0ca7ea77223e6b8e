import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Queryable } from '../db/client';
import { type Jobs, jobKind } from './jobs';

/** The job that checks the ledger on a schedule; its last finished row is the last check's result (/metrics reads it). */
export const LEDGER_CHECK_JOB = jobKind('ledger.check', z.object({}));

/**
 * Every invariant of the money tables, each as a query that returns the rows breaking it.
 * `npm run ledger:check` runs them; tests run them after every money test.
 */
const invariants: Array<[rule: string, query: ReturnType<typeof sql>]> = [
  [
    'every journal balances (its entries sum to zero) and has at least two entries',
    sql`select journal_id as id from ledger_entries group by journal_id having sum(amount_cents) <> 0 or count(*) < 2
        union all
        select j.id from ledger_journals j where not exists (select 1 from ledger_entries e where e.journal_id = j.id)`,
  ],
  [
    "every owned account's cached balance equals the sum of its entries (the platform's keep none)",
    sql`select a.id from ledger_accounts a
        left join (select account_id, sum(amount_cents) as total from ledger_entries group by account_id) e on e.account_id = a.id
        where a.balance_cents <> case when a.owner_id is null then 0 else coalesce(e.total, 0) end`,
  ],
  [
    'no account holding someone’s money is below zero, by its entries',
    sql`select a.id from ledger_accounts a join ledger_entries e on e.account_id = a.id
        where a.kind not in ('gateway_clearing', 'promotions') group by a.id having sum(e.amount_cents) < 0`,
  ],
  ['all entries together sum to zero', sql`select 'total' as id from ledger_entries having coalesce(sum(amount_cents), 0) <> 0`],
  [
    'every successful wallet charge (even if refunded since) was paid by exactly one journal and earned once',
    sql`select c.id from wallet_charges c
        where c.status in ('success', 'refunded') and (
          (select count(*) from ledger_journals j where j.reference_type = 'wallet_charge' and j.reference_id = c.id and j.kind = 'charge') <> 1
          or (select count(*) from earnings e where e.source_type = c.type and e.source_id = c.id and not e.is_refund) <> 1)`,
  ],
  [
    'a refunded wallet charge was given back exactly once (its journal and its refund earning), and no other was',
    sql`select c.id from wallet_charges c
        where (select count(*) from ledger_journals j where j.reference_type = 'wallet_charge' and j.reference_id = c.id and j.kind = 'refund')
                <> case when c.status = 'refunded' then 1 else 0 end
           or (select count(*) from earnings e where e.source_type = c.type and e.source_id = c.id and e.is_refund)
                <> case when c.status = 'refunded' then 1 else 0 end`,
  ],
  [
    'a refunded wallet charge unlocks nothing any more',
    sql`select c.id from wallet_charges c join purchased_items p on p.charge_id = c.id where c.status = 'refunded'`,
  ],
  [
    'a wallet charge debited the fan exactly its price',
    sql`select c.id from wallet_charges c
        join ledger_journals j on j.reference_type = 'wallet_charge' and j.reference_id = c.id and j.kind = 'charge'
        join ledger_entries e on e.journal_id = j.id
        join ledger_accounts a on a.id = e.account_id and a.kind = 'wallet'
        group by c.id, c.gross_cents having sum(e.amount_cents) <> -c.gross_cents`,
  ],
  [
    'every subscription period was paid once: by card (one journal, one earning), by one wallet charge, or free (nothing moved)',
    sql`select p.id from subscription_periods p
        where (select count(*) from ledger_journals j where j.reference_type = 'subscription_period' and j.reference_id = p.id)
                <> case when p.paid_with in ('free', 'wallet') then 0 else 1 end
           or (select count(*) from earnings e where e.source_type = 'subscription' and e.source_id = p.id and not e.is_refund)
                <> case when p.paid_with in ('free', 'wallet') then 0 else 1 end
           or (p.charge_id is not null) <> (p.paid_with = 'wallet')
           or (p.payment_id is not null) <> (p.paid_with not in ('free', 'wallet'))`,
  ],
  [
    'a wallet charge for a subscription paid exactly one period',
    sql`select c.id from wallet_charges c
        where c.type = 'subscription' and (select count(*) from subscription_periods p where p.charge_id = c.id) <> 1`,
  ],
  [
    'a card payment for a subscription bought one period if it succeeded (even if refunded since), and none otherwise',
    sql`select t.id from payment_transactions t
        where t.type = 'subscription'
          and (select count(*) from subscription_periods p where p.payment_id = t.id)
            <> case when t.status in ('success', 'refunded') then 1 else 0 end`,
  ],
  [
    "a creator's payout hold is exactly their pending and approved requests",
    sql`select coalesce(h.owner_id, r.performer_id)::text as id from
          (select owner_id, balance_cents from ledger_accounts where kind = 'payout_hold') h
          full join (select performer_id, sum(amount_cents) as total from payout_requests where status in ('pending', 'approved') group by performer_id) r
          on r.performer_id = h.owner_id
        where coalesce(h.balance_cents, 0) <> coalesce(r.total, 0)`,
  ],
  [
    'a payment was credited once if it succeeded (even if refunded since), and never otherwise',
    sql`select t.id from payment_transactions t
        where (select count(*) from ledger_journals j where j.reference_type = 'payment' and j.reference_id = t.id and j.kind = 'top_up')
          <> case when t.status in ('success', 'refunded') and t.type in ('wallet_top_up', 'charge') then 1 else 0 end`,
  ],
  [
    'a refund never gave back more than it took: nothing was ever booked to refund losses',
    sql`select e.journal_id::text as id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.kind = 'refund_losses'`,
  ],
  [
    'a refund gave back at most what was paid, and only a refunded payment gave anything back',
    sql`select t.id from payment_transactions t
        where t.refunded_cents < 0 or t.refunded_cents > t.amount_cents or (t.refunded_cents > 0) <> (t.status = 'refunded')`,
  ],
  [
    'a card purchase that was paid booked one wallet charge of its fan, creator and price, or says why it could not',
    sql`select t.id from payment_transactions t
        where t.type = 'charge' and (
          (t.status in ('success', 'refunded') and (t.charge_id is null) = (t.purchase_problem is null))
          or (t.status not in ('success', 'refunded') and (t.charge_id is not null or t.purchase_problem is not null))
          or (t.charge_id is not null and not exists (
            select 1 from wallet_charges c where c.id = t.charge_id and c.user_id = t.user_id
              and c.performer_id = t.performer_id and c.gross_cents = t.amount_cents)))`,
  ],
  [
    'the refunds of a payment add up to what it gave back, and only a refunded payment has any',
    sql`select t.id from payment_transactions t
        where coalesce((select sum(r.amount_cents) from payment_refunds r where r.payment_id = t.id), 0) <> t.refunded_cents`,
  ],
  [
    'each refund was taken back by exactly one journal, which returned its amount to the card',
    sql`select r.id from payment_refunds r
        where (select count(*) from ledger_journals j where j.reference_type = 'payment_refund' and j.reference_id = r.id and j.kind = 'refund') <> 1
           or (select sum(e.amount_cents) from ledger_journals j
                 join ledger_entries e on e.journal_id = j.id
                 join ledger_accounts a on a.id = e.account_id and a.kind = 'gateway_clearing'
               where j.reference_type = 'payment_refund' and j.reference_id = r.id) is distinct from r.amount_cents`,
  ],
  [
    'a refunded card payment for a subscription was undone in its creator’s earnings once, and no other was',
    sql`select p.id from subscription_periods p join payment_transactions t on t.id = p.payment_id
        where (select count(*) from earnings e where e.source_type = 'subscription' and e.source_id = p.id and e.is_refund)
          <> case when t.status = 'refunded' then 1 else 0 end`,
  ],
  [
    'a paid message bought from the wallet was priced at what was paid, sold by its sender to a member of its conversation, and unlocked for that buyer once',
    sql`select c.id from wallet_charges c
        where c.type = 'message' and c.status = 'success' and not exists (
          select 1 from messages m
          join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = c.user_id
          where m.id = c.item_id and m.sender_id = c.performer_id and m.price_cents = c.gross_cents)
           or (c.type = 'message' and c.status = 'success'
               and (select count(*) from purchased_items p where p.charge_id = c.id and p.item_type = 'message' and p.item_id = c.item_id and p.user_id = c.user_id) <> 1)`,
  ],
  [
    'every product bought from the wallet has one order, for what was paid, refunded exactly when its charge was; no other charge has one',
    sql`select c.id from wallet_charges c
        where c.type = 'product' and c.status in ('success', 'refunded')
          and (select count(*) from orders o
               where o.charge_id = c.id and o.total_cents = c.gross_cents and o.net_cents = c.net_cents
                 and o.unit_price_cents * o.quantity = o.total_cents
                 and (o.delivery_status = 'refunded') = (c.status = 'refunded')) <> 1
        union all
        select o.id from orders o join wallet_charges c on c.id = o.charge_id where c.type <> 'product'`,
  ],
  [
    "every admin wallet adjustment was posted once, for its amount, to its user's wallet; every adjustment journal has its adjustment",
    sql`select w.id::text from wallet_adjustments w
        where (select count(*) from ledger_journals j where j.reference_type = 'wallet_adjustment' and j.reference_id = w.id and j.kind = 'admin_adjustment') <> 1
           or (select sum(e.amount_cents) from ledger_journals j
               join ledger_entries e on e.journal_id = j.id
               join ledger_accounts a on a.id = e.account_id and a.kind = 'wallet' and a.owner_id = w.user_id
               where j.reference_type = 'wallet_adjustment' and j.reference_id = w.id) is distinct from w.amount_cents
        union all
        select j.id::text from ledger_journals j
        where (j.kind = 'admin_adjustment' or j.reference_type = 'wallet_adjustment')
          and not exists (select 1 from wallet_adjustments w where w.id = j.reference_id and j.kind = 'admin_adjustment' and j.reference_type = 'wallet_adjustment')`,
  ],
];

/** The broken rules, each with up to five offending ids; empty when the books are sound. */
export async function checkLedger(db: Queryable): Promise<string[]> {
  const violations: string[] = [];
  for (const [rule, query] of invariants) {
    const { rows } = (await db.execute(query)) as unknown as { rows: Array<{ id: string }> };
    if (rows.length)
      violations.push(
        `${rule}: ${rows
          .slice(0, 5)
          .map((row) => row.id)
          .join(', ')}${rows.length > 5 ? ', …' : ''}`,
      );
  }
  return violations;
}

/**
 * Checks the ledger every `intervalMs` on one process of the site (decision 058): each process
 * working jobs offers the check of the current interval under one key, so the queue runs it once.
 * A check that finds a broken rule fails its job (once, no retry) with the rules it broke as its
 * error: the failure shows in the job metrics and in `limelight_ledger_check_failed`, and the job row
 * keeps the listing.
 */
export function registerLedgerChecks(jobs: Jobs, db: Database, intervalMs: number) {
  jobs.register(LEDGER_CHECK_JOB, async () => {
    const violations = await checkLedger(db);
    if (violations.length) throw new Error(`The ledger breaks ${violations.length} rule(s): ${violations.join('; ')}`);
  });
  if (!intervalMs) return;
  // Offered every minute at most, so the first check runs soon after a start, not an interval later.
  jobs.every(LEDGER_CHECK_JOB.name, Math.min(intervalMs, 60_000), () =>
    jobs.enqueue(db, LEDGER_CHECK_JOB, {}, { key: `${LEDGER_CHECK_JOB.name}:${Math.floor(Date.now() / intervalMs)}`, maxAttempts: 1 }),
  );
}
