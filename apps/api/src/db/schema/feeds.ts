import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { deletedAt, keptOffSale } from './library';
import { files } from './media';
import { users } from './users';

export type FeedType = 'text' | 'photo' | 'video' | 'audio';
export type FeedStatus = 'active' | 'inactive';

/** A creator's post. Visible from `publishedAt` (the schedule time, else creation) on. */
export const feeds = pgTable(
  'feeds',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<FeedType>().notNull(),
    text: text('text').notNull().default(''),
    status: text('status').$type<FeedStatus>().notNull().default('active'),
    isSale: boolean('is_sale').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    isPinned: boolean('is_pinned').notNull().default(false),
    scheduleAt: timestamp('schedule_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    teaserFileId: uuid('teaser_file_id').references(() => files.id, { onDelete: 'set null' }),
    pollId: uuid('poll_id'),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    deletedAt: deletedAt(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Keyset pages of the timeline (per followed creator) and of one creator's page (pinned
    // first). Ascending on purpose: read backwards they give the queries' ORDER BY … DESC
    // exactly (DESC means NULLS FIRST; an index declared DESC NULLS LAST would not match).
    index('feeds_performer_published_asc_idx').on(t.performerId, t.publishedAt, t.id),
    index('feeds_performer_pinned_published_asc_idx').on(t.performerId, t.isPinned, t.publishedAt, t.id),
    check('feeds_type_check', sql`${t.type} in ('text', 'photo', 'video', 'audio')`),
    check('feeds_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('feeds_price_non_negative', sql`${t.priceCents} >= 0`),
    keptOffSale('feeds', t),
  ],
);

/** The media of a post, in the creator's order. */
export const feedFiles = pgTable(
  'feed_files',
  {
    feedId: uuid('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.fileId] }), unique('feed_files_file_key').on(t.fileId)],
);

/** A poll attached to a post: options, an end time, one vote per user. */
export const polls = pgTable('polls', {
  id: id(),
  performerId: uuid('performer_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  description: text('description').notNull().default(''),
  expiredAt: timestamp('expired_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const pollOptions = pgTable(
  'poll_options',
  {
    id: id(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    position: integer('position').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
  },
  (t) => [index('poll_options_poll_idx').on(t.pollId, t.position)],
);

export const pollVotes = pgTable(
  'poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => pollOptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);
