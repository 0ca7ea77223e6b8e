import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { files } from './media';
import { users } from './users';

/**
 * A private conversation between a fan and a creator: one per pair (`pair_key`, the two ids in
 * order), reused whoever starts it. What its list shows of the last message is copied here.
 */
export const conversations = pgTable('conversations', {
  id: id(),
  /**
   * `private` (a fan and a creator, with members), `stream` (a live session's public chat: no
   * members, its viewers are whoever may watch) or `private_show` (a private show request's).
   */
  type: text('type').$type<'private' | 'stream' | 'private_show'>().notNull().default('private'),
  /** The pair's ids in order for a private conversation; `stream:{sessionId}` or `private-show:{requestId}` otherwise. */
  pairKey: text('pair_key').notNull().unique('conversations_pair_key_key'),
  /** Until its first message, only the member who opened it lists it. */
  startedBy: uuid('started_by').references(() => users.id, { onDelete: 'set null' }),
  lastMessageId: uuid('last_message_id'),
  lastMessageText: text('last_message_text'),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
  lastSenderId: uuid('last_sender_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Each member's side of a conversation: their unseen count and how far they have read (the
 * sender's ticks), and the last activity that orders their list (index-backed).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherUserId: uuid('other_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_activity_idx').on(t.userId, t.lastActivityAt.desc()),
    check('conversation_members_unread_non_negative', sql`${t.unreadCount} >= 0`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    /** A creator's paid message: its media open to the fan once bought. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** A tip sent in a live session's chat: its amount, and the wallet charge (the line is shown highlighted). */
    tipCents: bigint('tip_cents', { mode: 'number' }),
    tipChargeId: uuid('tip_charge_id'),
    /** One recipient's copy of a mass message: its files are the mass message's. */
    massMessageId: uuid('mass_message_id').references(() => massMessages.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    // A mass message reaches each conversation once, however often its job runs.
    unique('messages_mass_conversation_key').on(t.massMessageId, t.conversationId),
    check('messages_price_non_negative', sql`${t.priceCents} >= 0`),
  ],
);

export const messageFiles = pgTable(
  'message_files',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.fileId] }), unique('message_files_file_key').on(t.fileId)],
);

/**
 * A creator's message to all their subscribers, followers or both, delivered by a job in batches
 * (any process may run it): `cursor` is the last recipient reached, so an interrupted run resumes.
 */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: id(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audience: text('audience').$type<'subscribers' | 'followers' | 'all'>().notNull(),
    text: text('text').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status').$type<'sending' | 'sent' | 'unsent'>().notNull().default('sending'),
    cursor: uuid('cursor'),
    /** The audience counted when it was sent: progress is `delivered_count` of this. */
    recipientsTotal: integer('recipients_total').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('mass_messages_performer_created_idx').on(t.performerId, t.createdAt.desc())],
);

export const massMessageFiles = pgTable(
  'mass_message_files',
  {
    massMessageId: uuid('mass_message_id')
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.massMessageId, t.fileId] }), unique('mass_message_files_file_key').on(t.fileId)],
);
