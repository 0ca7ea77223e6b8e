import type { StandingAction } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * An account's standing history (decision 045): every warning (a strike), suspension, ban and
 * restoration an admin made, with the reason the account holder was told. The account's standing
 * now is on `users`; this is what led there. The admin is kept as an id without a foreign key, as
 * in the audit trail: the record outlives the admin's account.
 */
export const standingActions = pgTable(
  'standing_actions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<StandingAction>().notNull(),
    reason: text('reason').notNull(),
    /** When a suspension ends. */
    until: timestamp('until', { withTimezone: true }),
    /** The report that led to it, if any (no foreign key: reports belong to another module). */
    reportId: uuid('report_id'),
    adminId: uuid('admin_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('standing_actions_user_idx').on(t.userId, t.createdAt),
    check('standing_actions_action_check', sql`${t.action} in ('warn', 'suspend', 'ban', 'restore')`),
  ],
);
