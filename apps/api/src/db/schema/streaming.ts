import type { PrivateRequestStatus, SessionAccess, SessionEndReason, SessionStatus } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { conversations } from './messages';
import { users } from './users';

/**
 * A creator's stream record, one per creator (decision 023): the defaults a session starts
 * with, the RTMP stream key (only its SHA-256 is kept; shown once when made), the private show
 * price a minute and the chat's slow mode.
 */
export const streams = pgTable(
  'streams',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .unique('streams_performer_key')
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    streamKeyHash: text('stream_key_hash').unique('streams_stream_key_hash_key'),
    streamKeyCreatedAt: timestamp('stream_key_created_at', { withTimezone: true }),
    /** Tokens a minute for a private show (cents); 0 takes no requests. */
    privateShowPriceCents: bigint('private_show_price_cents', { mode: 'number' }).notNull().default(0),
    slowModeSeconds: integer('slow_mode_seconds').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('streams_private_show_price_non_negative', sql`${t.privateShowPriceCents} >= 0`),
    check('streams_slow_mode_range', sql`${t.slowModeSeconds} between 0 and 300`),
  ],
);

/**
 * One row each time a creator goes live: who may watch (subscribers, or payers of its price),
 * its state, how long it ran (only grows), the broadcaster's last heartbeat (a session without
 * one for the grace period ends by itself) and its viewer counts. One live session per creator.
 */
export const streamSessions = pgTable(
  'stream_sessions',
  {
    id: id(),
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session's public chat (a conversation of type `stream`). */
    conversationId: uuid('conversation_id')
      .notNull()
      .unique('stream_sessions_conversation_key')
      .references(() => conversations.id, { onDelete: 'restrict' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    access: text('access').$type<SessionAccess>().notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<SessionStatus>().notNull().default('live'),
    endedReason: text('ended_reason').$type<SessionEndReason>(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    viewerCount: integer('viewer_count').notNull().default(0),
    peakViewerCount: integer('peak_viewer_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Going live twice at once leaves one session: the second insert fails on this index.
    uniqueIndex('stream_sessions_one_live_idx').on(t.performerId).where(sql`${t.status} = 'live'`),
    index('stream_sessions_status_started_idx').on(t.status, t.startedAt.desc()),
    index('stream_sessions_performer_started_idx').on(t.performerId, t.startedAt.desc()),
    check('stream_sessions_access_check', sql`${t.access} in ('subscribers', 'paid')`),
    check('stream_sessions_status_check', sql`${t.status} in ('live', 'ended')`),
    check(
      'stream_sessions_price_check',
      sql`(${t.access} = 'paid' and ${t.priceCents} > 0) or (${t.access} = 'subscribers' and ${t.priceCents} = 0)`,
    ),
    check('stream_sessions_counts_non_negative', sql`${t.durationSeconds} >= 0 and ${t.viewerCount} >= 0 and ${t.peakViewerCount} >= 0`),
  ],
);

/**
 * A fan's request for a private show at the creator's price a minute (snapshotted here). States:
 * pending → accepted | declined | cancelled; accepted → live (the call connected: billing starts
 * at `startedAt`, a started minute at a time, `minutesCharged` so far) → ended (`endedReason`).
 * One open request (pending, accepted or live) per fan and creator.
 */
export const privateShowRequests = pgTable(
  'private_show_requests',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .unique('private_show_requests_conversation_key')
      .references(() => conversations.id, { onDelete: 'restrict' }),
    pricePerMinuteCents: bigint('price_per_minute_cents', { mode: 'number' }).notNull(),
    message: text('message').notNull().default(''),
    status: text('status').$type<PrivateRequestStatus>().notNull().default('pending'),
    endedReason: text('ended_reason').$type<'fan' | 'performer' | 'wallet' | 'disconnected'>(),
    minutesCharged: integer('minutes_charged').notNull().default(0),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('private_show_requests_one_open_idx')
      .on(t.userId, t.performerId)
      .where(sql`${t.status} in ('pending', 'accepted', 'live')`),
    index('private_show_requests_performer_created_idx').on(t.performerId, t.createdAt.desc()),
    index('private_show_requests_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('private_show_requests_status_check', sql`${t.status} in ('pending', 'accepted', 'declined', 'cancelled', 'live', 'ended')`),
    check('private_show_requests_price_positive', sql`${t.pricePerMinuteCents} > 0`),
  ],
);
