import { index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

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
