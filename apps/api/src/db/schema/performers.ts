import type { RevisedProfileText } from '@limelight/contracts';
import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { files } from './media';
import { users } from './users';

/**
 * A creator's change of their public page waiting for review before publication (decision 055),
 * one per creator: a later change merges into it. `changes` holds the new words (only the fields
 * changed); the files are the new pictures and video, held (pre-publication) so that fans cannot
 * open them. Once refused, the row keeps only the admin's reason until the creator changes again.
 */
export const performerProfileRevisions = pgTable('performer_profile_revisions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  changes: jsonb('changes').$type<RevisedProfileText>().notNull().default({}),
  avatarFileId: uuid('avatar_file_id').references(() => files.id, { onDelete: 'set null' }),
  coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'set null' }),
  welcomeVideoFileId: uuid('welcome_video_file_id').references(() => files.id, { onDelete: 'set null' }),
  refusedReason: text('refused_reason'),
  refusedAt: timestamp('refused_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Where a creator's payouts go by bank transfer. Only the creator and admins read it. */
export const performerBanking = pgTable('performer_banking', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  bankName: text('bank_name').notNull(),
  bankAccount: text('bank_account').notNull(),
  bankRouting: text('bank_routing'),
  bankSwiftCode: text('bank_swift_code'),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  country: text('country').notNull(),
  updatedAt: updatedAt(),
});

/** Payout destinations other than a bank (PayPal), one row per gateway. */
export const performerPaymentSettings = pgTable(
  'performer_payment_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    value: jsonb('value').$type<{ email: string }>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gateway] })],
);
