import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

export type IdentityProvider = 'google' | 'twitter';

/** An outside account (Google subject, Twitter user id) linked to one of ours. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    provider: text('provider').$type<IdentityProvider>().notNull(),
    providerUserId: text('provider_user_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index('social_identities_user_idx').on(t.userId)],
);

/**
 * Twitter's first step: the temporary request token, its secret and the role asked for, kept
 * one day (spec 4) and deleted when the second step completes.
 */
export const twitterRequests = pgTable(
  'twitter_requests',
  {
    oauthToken: text('oauth_token').primaryKey(),
    oauthTokenSecret: text('oauth_token_secret').notNull(),
    role: text('role').$type<'user' | 'performer'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('twitter_requests_expires_idx').on(t.expiresAt)],
);

/** Devices that signed in to an account before: the SHA-256 of the random id in their HttpOnly cookie. */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    /** The country of the address it last signed in from (ISO code), shown on the security page. */
    country: text('country'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('known_devices_user_device_key').on(t.userId, t.deviceHash)],
);
