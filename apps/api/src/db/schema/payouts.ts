import type { PayoutMethod, PayoutStatus } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** A creator asking to be paid: the amount waits on hold from the request until paid or rejected. */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status').$type<PayoutStatus>().notNull().default('pending'),
    paymentAccountType: text('payment_account_type').$type<PayoutMethod>().notNull(),
    paymentAccountInfo: jsonb('payment_account_info').$type<Record<string, string>>().notNull(),
    /** What one token was worth in money when requested, in basis points of the currency unit (10000 is 1). */
    tokenConversionBps: integer('token_conversion_bps').notNull(),
    requestNote: text('request_note').notNull().default(''),
    adminNote: text('admin_note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payout_requests_performer_created_idx').on(t.performerId, t.createdAt),
    index('payout_requests_status_created_idx').on(t.status, t.createdAt),
    // One request waiting for review per creator.
    uniqueIndex('payout_requests_one_pending_key').on(t.performerId).where(sql`${t.status} = 'pending'`),
    check('payout_requests_status_check', sql`${t.status} in ('pending', 'approved', 'rejected', 'paid')`),
    check('payout_requests_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
