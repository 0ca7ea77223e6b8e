import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

/**
 * The audit trail (issue 27, decision 044): every admin action and every sensitive account change,
 * with who did it, to what, from where and why. Append-only: the migration adds a trigger that
 * refuses any update or delete, so not even a bug in a route can rewrite history. The actor is
 * kept as an id and a name copied at the time, with no foreign key: an entry outlives the account.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    /** The account that acted; null for the system itself (a job, the command line). */
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    actorRole: text('actor_role'),
    /** What was done, as `area.verb` (`account.suspend`, `report.resolve`, `auth.password.change`). */
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    /** Why, as the admin wrote it (required for actions that need a reason). */
    reason: text('reason'),
    /** What changed, e.g. `{ from: 'active', to: 'suspended' }`; never a secret. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt, t.id),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
    index('audit_events_target_idx').on(t.targetType, t.targetId, t.createdAt),
    index('audit_events_action_idx').on(t.action, t.createdAt),
  ],
);
