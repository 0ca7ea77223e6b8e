import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../columns';
import { users } from '../users';

/** Login sessions. Only a SHA-256 of the opaque token is stored, so a database leak opens nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** How the session was opened: a password, a one-time link, social sign-in, or an admin's log-in-as (`impersonation`). */
    method: text('method').notNull().default('password'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Last request made with it, written at most once a minute (one conditional update). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Single-use links sent by e-mail or issued by an admin: e-mail verification, password reset, login. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose')
      .$type<'verify_email' | 'reset_password' | 'login' | 'impersonate' | 'change_email' | 'undo_email_change'>()
      .notNull(),
    /** What the link carries besides its user: the address to change to, or to restore. */
    detail: jsonb('detail').$type<{ email: string; sessionId?: string; afterPassword?: boolean; remember?: boolean }>(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('one_time_tokens_user_id_idx').on(t.userId, t.purpose)],
);

/**
 * Failed sign-ins counted per account (or per typed login when no account has it, so the answer
 * does not tell them apart) and per client address; past a threshold each failure adds a growing
 * wait (decision 012). Rows are dropped after a success or once they have been quiet for a day.
 */
export const signInThrottles = pgTable('sign_in_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/**
 * Per-account allowances shared by every route of one action (messages sent, tips, comments),
 * counted here when the site has no Redis so that every process draws from one budget: `used` in
 * the window ending at `windowEndsAt`. Rows whose window ended are swept (auth/sweep.ts).
 */
export const rateBudgets = pgTable('rate_budgets', {
  key: text('key').primaryKey(),
  used: integer('used').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
});
