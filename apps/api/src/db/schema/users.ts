import type { AccountStatus, Gender, Role } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './files';

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
    avatarFileId: uuid('avatar_file_id'),
    coverFileId: uuid('cover_file_id'),
    /** Cached wallet balance in cents; the ledger is the source of truth once money moves. */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_role_updated_at_idx').on(t.role, t.updatedAt),
    check('users_role_check', sql`${t.role} in ('user', 'performer', 'admin')`),
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
  ],
);

export const performerProfiles = pgTable('performer_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gender: text('gender').$type<Gender>(),
  country: text('country'),
  dateOfBirth: date('date_of_birth'),
  bio: text('bio').notNull().default(''),
  /** Set by an admin after checking the identity documents; unverified creators are unlisted. */
  verifiedDocument: boolean('verified_document').notNull().default(false),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  idVerificationFileId: uuid('id_verification_file_id').references(() => files.id, { onDelete: 'set null' }),
  documentVerificationFileId: uuid('document_verification_file_id').references(() => files.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
