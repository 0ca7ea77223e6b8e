import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './media';
import { users } from './users';

/**
 * A comment on a post, a video or a gallery, optionally with a photo. A reply names its top-level
 * comment (`parentId`, one level of threading); a top-level comment deleted while it has replies
 * stays as a placeholder (`deletedAt`, its words and photo gone) so the replies keep their place
 * (decision 040).
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    replyCount: integer('reply_count').notNull().default(0),
    likeCount: integer('like_count').notNull().default(0),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_object_created_idx').on(t.objectType, t.objectId, t.createdAt, t.id),
    index('comments_parent_created_idx').on(t.parentId, t.createdAt, t.id),
  ],
);
