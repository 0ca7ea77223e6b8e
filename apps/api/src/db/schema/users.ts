import type { AccountStanding, AccountStatus, Role } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

/**
 * Fans, creators and admins share one table so that usernames and e-mails are unique across
 * all of them (case-insensitive, by the lower() indexes). Creator-only fields live in
 * performer_profiles.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    role: text('role').$type<Role>().notNull(),
    name: text('name').notNull().default(''),
    username: text('username'),
    email: text('email'),
    passwordHash: text('password_hash'),
    status: text('status').$type<AccountStatus>().notNull().default('active'),
    verifiedEmail: boolean('verified_email').notNull().default(false),
    /**
     * The admin's remedy on the account (decision 045), apart from `status` (deactivation):
     * `suspended` until `standingUntil` (over by itself once that time passes: readers compare it
     * with now()), or `banned`; `standingReason` is what the account holder reads.
     */
    standing: text('standing').$type<AccountStanding>().notNull().default('good'),
    standingUntil: timestamp('standing_until', { withTimezone: true }),
    standingReason: text('standing_reason'),
    /** Public storage keys of the processed images; null shows the placeholder. */
    avatarKey: text('avatar_key'),
    coverKey: text('cover_key'),
    avatarFileId: uuid('avatar_file_id'),
    coverFileId: uuid('cover_file_id'),
    /** Online while any of the account's sockets is connected; `onlineAt` is when that last changed. */
    isOnline: boolean('is_online').notNull().default(false),
    onlineAt: timestamp('online_at', { withTimezone: true }),
    /** When its owner deleted the account (status `deleted`): the row stays, anonymised, for the ledger. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_updated_at_idx').on(t.role, t.updatedAt),
    // The admin's dashboard counts sign-ups per day and role.
    index('users_role_created_at_idx').on(t.role, t.createdAt),
    check('users_role_check', sql`${t.role} in ('user', 'performer', 'admin')`),
    check('users_status_check', sql`${t.status} in ('active', 'inactive', 'deleted')`),
    check('users_standing_check', sql`${t.standing} in ('good', 'suspended', 'banned')`),
    check('users_standing_until_check', sql`(${t.standing} = 'suspended') = (${t.standingUntil} is not null)`),
  ],
);

/**
 * The username of a deleted account, held (lower case) until `heldUntil` so nobody can pass for
 * its owner straight away (90 days).
 */
export const heldUsernames = pgTable('held_usernames', {
  username: text('username').primaryKey(),
  heldUntil: timestamp('held_until', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});
