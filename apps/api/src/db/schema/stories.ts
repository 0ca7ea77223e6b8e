import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './media';
import { users } from './users';

export type StoryType = 'text' | 'photo' | 'video';

/** A creator's short-lived post for followers and subscribers, gone after `expiresAt`. */
export const stories = pgTable(
  'stories',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<StoryType>().notNull(),
    text: text('text').notNull().default(''),
    backgroundColor: text('background_color').notNull().default('#42b1e8'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stories_performer_expires_idx').on(t.performerId, t.expiresAt),
    check('stories_type_check', sql`${t.type} in ('text', 'photo', 'video')`),
  ],
);
