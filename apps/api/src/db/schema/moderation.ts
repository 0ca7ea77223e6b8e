import { sql } from 'drizzle-orm';
import { boolean, check, index, pgSequence, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

export type HoldState = 'hidden' | 'removed' | 'review';

/**
 * Moderation holds (decision 046): one row per piece of content an admin hid or removed, or an
 * upload held for review. Keyed by the content's id alone (every content id is a random uuid),
 * so every visibility policy asks one index with `not exists`, whatever the content's kind.
 */
export const moderationHolds = pgTable(
  'moderation_holds',
  {
    targetId: uuid('target_id').primaryKey(),
    targetType: text('target_type').notNull(),
    /** The account whose content it is: told why, and the one who may appeal. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<HoldState>().notNull(),
    reason: text('reason').notNull(),
    /** A removal that lets buyers keep what they paid for (not illegal material, decision 046). */
    buyersKeep: boolean('buyers_keep').notNull().default(false),
    /** A new item held for review before publication (decision 054): its owner may still edit it, unlike every other hold. */
    prePublication: boolean('pre_publication').notNull().default(false),
    actedBy: uuid('acted_by').references(() => users.id, { onDelete: 'set null' }),
    appealText: text('appeal_text'),
    appealedAt: timestamp('appealed_at', { withTimezone: true }),
    appealDecision: text('appeal_decision'),
    appealDecidedAt: timestamp('appeal_decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('moderation_holds_owner_idx').on(t.ownerId, t.createdAt),
    index('moderation_holds_appeal_idx').on(t.appealedAt).where(sql`${t.appealedAt} is not null and ${t.appealDecidedAt} is null`),
    check('moderation_holds_state_check', sql`${t.state} in ('hidden', 'removed', 'review')`),
  ],
);

export type ReportStatus = 'open' | 'resolved' | 'dismissed';

/** What users flag for the admin to review; one open report per user and target. */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    /** Null for a case opened without an account (the takedown form) or by the system (a re-upload). */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
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
    index('reports_target_idx').on(t.targetType, t.targetId),
    check('reports_status_check', sql`${t.status} in ('open', 'resolved', 'dismissed')`),
  ],
);

export const takedownCaseNumbers = pgSequence('takedown_case_numbers', { startWith: 1 });

/** A complaint from someone without an account (a depicted person, a rights holder): a case with a number. */
export const takedownCases = pgTable('takedown_cases', {
  id: id(),
  caseNumber: text('case_number').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  relation: text('relation').notNull(),
  urls: text('urls').array().notNull(),
  description: text('description').notNull(),
  sworn: boolean('sworn').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});
