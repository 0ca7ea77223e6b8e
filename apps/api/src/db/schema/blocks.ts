import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * One account blocking another (decision 011): a creator blocking a fan shuts the fan out of
 * everything the creator has; a fan blocking a creator hides the creator from the fan.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: id(),
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetId: uuid('target_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('user_blocks_pair_key').on(t.blockerId, t.targetId),
    index('user_blocks_target_idx').on(t.targetId),
    check('user_blocks_not_self_check', sql`${t.blockerId} <> ${t.targetId}`),
  ],
);

/** The countries whose visitors may not see a creator's profile and content. */
export const countryBlocks = pgTable(
  'country_blocks',
  {
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.countryCode] }), index('country_blocks_country_idx').on(t.countryCode)],
);

/**
 * The countries a fan blocked (decision 038): creators whose profile names one of them are
 * hidden from the fan's listings, as a creator the fan blocked is. Apart from `country_blocks`,
 * whose rows refuse visitors: a fan who becomes a creator must not start refusing anyone.
 */
export const fanCountryBlocks = pgTable(
  'fan_country_blocks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.countryCode] })],
);
