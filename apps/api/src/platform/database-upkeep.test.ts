import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { periodicTasks } from '../db/schema';
import { autovacuumRuns, DATABASE_UPKEEP_TASK } from './database-upkeep';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type TableStats = { vacuums: number; analyzes: number; dead: number };
async function statsOf(table: string): Promise<TableStats> {
  const { rows } = await app.deps.db.execute<TableStats>(sql`
    select vacuum_count::int as vacuums, analyze_count::int as analyzes, n_dead_tup::int as dead
    from pg_stat_user_tables where relname = ${table}`);
  return rows[0]!;
}
const jobsQueued = (count: number, run: string) =>
  app.deps.db.execute(sql`
    insert into jobs (name, payload, status) select 'upkeep-test', jsonb_build_object('run', ${run}::text), 'done' from generate_series(1, ${count})`);

it('does what autovacuum would where nothing vacuums (the embedded database, PostgreSQL with autovacuum off), and leaves it to autovacuum elsewhere', async () => {
  const dueAt = async () => (await app.deps.db.select().from(periodicTasks).where(eq(periodicTasks.name, DATABASE_UPKEEP_TASK)))[0]?.dueAt;
  await vi.waitFor(async () => expect(await app.deps.db.select().from(periodicTasks)).not.toHaveLength(0), { timeout: 5_000 });
  if (await autovacuumRuns(app.database)) {
    expect(await dueAt()).toBeUndefined();
    return;
  }
  expect((await dueAt())!.getTime() - Date.now()).toBeLessThanOrEqual(60_000);

  // A few dead versions stay under autovacuum's threshold; 1,200 pass the job queue's own (1,000, migration 0053).
  await jobsQueued(10, 'few');
  await app.deps.db.execute(sql`delete from jobs where name = 'upkeep-test'`);
  const untouched = await statsOf('jobs');
  await app.deps.db.update(periodicTasks).set({ dueAt: sql`now()` }).where(eq(periodicTasks.name, DATABASE_UPKEEP_TASK));
  await vi.waitFor(async () => expect((await dueAt())!.getTime()).toBeGreaterThan(Date.now() + 30_000), { timeout: 5_000 });
  expect((await statsOf('jobs')).vacuums).toBe(untouched.vacuums);

  await jobsQueued(1_200, 'many');
  await app.deps.db.execute(sql`delete from jobs where name = 'upkeep-test'`);
  // Counts reach the statistics within a second (PGlite flushes them as it goes idle).
  await vi.waitFor(async () => expect((await statsOf('jobs')).dead).toBeGreaterThan(1_000), { timeout: 5_000 });
  await app.deps.db.update(periodicTasks).set({ dueAt: sql`now()` }).where(eq(periodicTasks.name, DATABASE_UPKEEP_TASK));
  await vi.waitFor(async () => expect((await statsOf('jobs')).vacuums).toBeGreaterThan(untouched.vacuums), { timeout: 5_000 });
  const after = await statsOf('jobs');
  expect(after.analyzes).toBeGreaterThan(untouched.analyzes);
  expect(after.dead).toBeLessThan(1_000);
});
