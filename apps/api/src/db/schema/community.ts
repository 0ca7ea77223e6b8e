import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './files';
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

export type ReportStatus = 'open' | 'resolved' | 'dismissed';

/** What users flag for the admin to review; one open report per user and target. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').$type<ReportStatus>().notNull().default('open'),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('reports_reporter_target_key').on(t.reporterId, t.targetType, t.targetId),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
  ],
);
