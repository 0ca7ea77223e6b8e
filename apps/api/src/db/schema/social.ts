import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
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

/** Likes and bookmarks on any kind of object; one of each per user and object. */
export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    action: text('action').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('reactions_user_object_action_key').on(t.userId, t.objectType, t.objectId, t.action),
    index('reactions_user_type_action_created_idx').on(t.userId, t.objectType, t.action, t.createdAt),
    index('reactions_object_idx').on(t.objectType, t.objectId, t.action),
  ],
);
