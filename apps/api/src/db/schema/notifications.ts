import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * What happened to an account, for its bell and, batched, its inbox. `email` says the owner wanted
 * this kind by e-mail when it happened; `emailed_at` when a digest took it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    link: text('link'),
    inApp: boolean('in_app').notNull().default(true),
    email: boolean('email').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null and ${t.inApp}`),
    index('notifications_email_pending_idx').on(t.createdAt).where(sql`${t.email} and ${t.emailedAt} is null`),
  ],
);
