import { index, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/** A user following a creator: free, and separate from subscribing. */
export const follows = pgTable(
  'follows',
  {
    id: id(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('follows_pair_key').on(t.followerId, t.performerId),
    index('follows_performer_created_idx').on(t.performerId, t.createdAt),
  ],
);
