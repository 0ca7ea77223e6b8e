import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { streamSessions } from '../streaming';

/**
 * The one process packaging a live session's broadcast now (decision 064): a browser broadcast or
 * an RTMP publish of the same session on another process is refused while the row holds. The
 * holder (one packager run) renews it every few seconds; a crashed process's row expires by
 * itself, so its creator can go live again without anyone clearing it.
 */
export const livePublishers = pgTable('live_publishers', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => streamSessions.id, { onDelete: 'cascade' }),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
