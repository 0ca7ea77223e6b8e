import type { AccountStanding, AccountStatus, Gender, MessagesFrom, Role } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './media';

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

/** PostgreSQL's full-text document type: read as its text form (the search columns are never presented). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Where a row of performer_profiles is on discovery's shelves (decision 077): the partial indexes' predicate. */
const shelved = sql`listed and on_shelves_from is not null`;

/**
 * A creator's profile, one row beside their account (the users module owns both, decision 074:
 * copies such as the online flag change with the account in one statement).
 */
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
    /**
     * When the creator's page became ready for discovery's shelves (decision 051): the first
     * published post's time, once the account has an avatar and the profile a price; null while
     * any is missing. Kept by database triggers (decision 077), so that a list reads this table alone.
     */
    onShelvesFrom: timestamp('on_shelves_from', { withTimezone: true }),
    /** Keyword search (decision 077), kept by database triggers: the words of the name and the username... */
    searchName: tsvector('search_name').notNull().default(sql`''::tsvector`),
    /** ...and of the name, the username and the bio: a match here that is not in the name ranks after those. */
    searchAll: tsvector('search_all').notNull().default(sql`''::tsvector`),
    /** The creator's "hide my page from search engines": noindex on their pages, left out of the sitemap. */
    hiddenFromSearchEngines: boolean('hidden_from_search_engines').notNull().default(false),
    /** Which drawing of the link-preview card is in storage (performers/preview.ts): redrawn when what it shows changes. */
    previewVersion: text('preview_version'),
    /** The same for the card their live sessions show while on ("Live now"). */
    livePreviewVersion: text('live_preview_version'),
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
    // Discovery's lists (decision 077) walk one of these in their order and stop at the page: each
    // ordering ascending, read backwards for the lists' DESC, so that a keyset page is one row comparison.
    index('performer_profiles_shelf_popular_idx').on(t.followersCount, t.createdAt, t.userId).where(shelved),
    index('performer_profiles_shelf_newest_idx').on(t.createdAt, t.userId).where(shelved),
    index('performer_profiles_shelf_online_idx')
      .on(t.isOnline, sql`coalesce(${t.onlineAt}, '-infinity'::timestamptz)`, t.userId)
      .where(shelved),
    // A country is the filter fans use most and the most selective one: its lists read their own range.
    index('performer_profiles_shelf_country_popular_idx').on(t.country, t.followersCount, t.createdAt, t.userId).where(shelved),
    index('performer_profiles_shelf_country_newest_idx').on(t.country, t.createdAt, t.userId).where(shelved),
    index('performer_profiles_search_name_idx').using('gin', t.searchName).where(shelved),
    index('performer_profiles_search_all_idx').using('gin', t.searchAll).where(shelved),
    // Fans' blocked countries (modules/access) join on it.
    index('performer_profiles_country_idx').on(t.country),
  ],
);
