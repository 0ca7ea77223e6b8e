import type { Gender, MessagesFrom, RevisedProfileText } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { files } from './media';
import { users } from './users';

export const performerProfiles = pgTable(
  'performer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    gender: text('gender').$type<Gender>(),
    country: text('country'),
    dateOfBirth: date('date_of_birth'),
    bio: text('bio').notNull().default(''),
    state: text('state'),
    city: text('city'),
    address: text('address'),
    zipcode: text('zipcode'),
    phone: text('phone'),
    phoneCode: text('phone_code'),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    height: text('height'),
    weight: text('weight'),
    bodyType: text('body_type'),
    ethnicity: text('ethnicity'),
    size: text('size'),
    hair: text('hair'),
    eyes: text('eyes'),
    sexualOrientation: text('sexual_orientation'),
    /** Plan prices in cents; null until the creator sets one (that plan is then not offered). */
    monthlyPriceCents: bigint('monthly_price_cents', { mode: 'number' }),
    threeMonthPriceCents: bigint('three_month_price_cents', { mode: 'number' }),
    sixMonthPriceCents: bigint('six_month_price_cents', { mode: 'number' }),
    yearlyPriceCents: bigint('yearly_price_cents', { mode: 'number' }),
    isFreeSubscription: boolean('is_free_subscription').notNull().default(false),
    /** Who may start a conversation with the creator: subscribers, also followers, or everyone. */
    messagesFrom: text('messages_from').$type<MessagesFrom>().notNull().default('subscribers'),
    /** Kept in step with the follows table by the follow service, in the same transaction. */
    followersCount: integer('followers_count').notNull().default(0),
    /** A copy of the account's presence (users), written with it, for discovery's index of who is online. */
    isOnline: boolean('is_online').notNull().default(false),
    onlineAt: timestamp('online_at', { withTimezone: true }),
    /** Active and verified, so shown to fans: a copy kept by database triggers, for one-table search. */
    listed: boolean('listed').notNull().default(false),
    /** Until when an admin suspended the creator (a copy of users.standing_until kept by triggers): not shown before then (decision 045). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** name, username and bio in one text for keyword search; kept by database triggers. */
    searchText: text('search_text').notNull().default(''),
    /** Set by an admin after checking the identity documents; unverified creators are unlisted. */
    verifiedDocument: boolean('verified_document').notNull().default(false),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Why an admin refused the documents, shown to the creator; cleared when they send new ones (decision 051). */
    documentsRejectedReason: text('documents_rejected_reason'),
    documentsRejectedAt: timestamp('documents_rejected_at', { withTimezone: true }),
    /** When the documents now on file were sent (at sign-up, or resubmitted): the review queue's age. */
    documentsSubmittedAt: timestamp('documents_submitted_at', { withTimezone: true }),
    idVerificationFileId: uuid('id_verification_file_id').references(() => files.id, { onDelete: 'set null' }),
    documentVerificationFileId: uuid('document_verification_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The platform's share of this creator's sales in basis points (1000 is 10 %) when an admin set one; else the site's performerCommission. */
    commissionBps: integer('commission_bps'),
    /** An admin's "Review before publication" flag (decision 054): reviewed when the site's mode is `new` or `flagged`. */
    reviewBeforePublication: boolean('review_before_publication').notNull().default(false),
    /** The short video on the creator's page; played once it has finished processing. */
    welcomeVideoFileId: uuid('welcome_video_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('performer_profiles_search_idx').using('gin', sql`to_tsvector('simple', ${t.searchText})`),
    index('performer_profiles_listed_followers_idx').on(t.listed, t.followersCount),
    // Read backwards for ORDER BY is_online DESC, online_at DESC NULLS LAST.
    index('performer_profiles_listed_online_asc_idx').on(t.listed, t.isOnline, t.onlineAt.asc().nullsFirst()),
    index('performer_profiles_listed_created_idx').on(t.listed, t.createdAt),
    index('performer_profiles_country_idx').on(t.country),
    index('performer_profiles_gender_idx').on(t.gender),
  ],
);

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
