import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../columns';

/**
 * Background work (media processing, later renewals and mail), queued in the same transaction
 * as the write that needs it and claimed by any process with FOR UPDATE SKIP LOCKED.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    name: text('name').notNull(),
    /** Names the work a job does (a subscription's period to renew): the queue holds one job per key. */
    key: text('key').unique('jobs_key_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'queued' | 'running' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Whose work it is, for fair sharing (an account's uploads), and its place in that share. */
    groupKey: text('group_key'),
    fairAt: timestamp('fair_at', { withTimezone: true }).notNull().defaultNow(),
    /** A running job whose lock has passed belongs to a process that died: it runs again. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claimable_idx').on(t.status, t.fairAt),
    index('jobs_group_idx').on(t.groupKey, t.status),
    // The last ledger check (LEDGER_CHECK_JOB), which /metrics reports at every scrape: found without reading a day of
    // finished jobs (a handful of rows, so it costs the queue's writes nothing).
    index('jobs_ledger_check_idx').on(t.updatedAt).where(sql`${t.name} = 'ledger.check'`),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * When each periodic task (renewal checks, digests, sweeps) is next due, for the whole site: the
 * process that moves a due time forward runs the task, so it runs once per interval whichever
 * processes are alive, and a worker restarted more often than an interval still runs it.
 */
export const periodicTasks = pgTable('periodic_tasks', {
  name: text('name').primaryKey(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});
