import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { jobs, periodicTasks } from '../db/schema';
import { LOCK_SECONDS } from './jobs';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ jobsConcurrency: 0 });
});
afterAll(() => app.close());

const jobRow = async (name: string) => (await app.deps.db.select().from(jobs).where(eq(jobs.name, name)))[0]!;
const makeDue = (name: string) => app.deps.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.name, name));

describe('job queue', () => {
  it("shares the queue fairly: one account's backlog does not keep another's short job waiting", async () => {
    const order: string[] = [];
    app.deps.jobs.register('test-fair', async (payload) => {
      order.push(String(payload.id));
    });
    await app.deps.db.transaction(async (tx) => {
      for (const id of ['a1', 'a2', 'a3']) await app.deps.jobs.enqueue(tx, 'test-fair', { id }, { group: 'creator-a', cost: 600 });
    });
    await app.deps.jobs.enqueue(app.deps.db, 'test-fair', { id: 'b1' }, { group: 'creator-b', cost: 5 });
    await app.deps.jobs.drain();
    expect(order).toEqual(['b1', 'a1', 'a2', 'a3']);
  });

  it('keeps a slow media job from holding up the other lanes', async () => {
    const worker = await createTestApp({ jobsConcurrency: 1, mediaConcurrency: 1 }, { database: app.database });
    try {
      let finishMedia = () => {};
      const mediaRunning = new Promise<void>((started) => {
        worker.deps.jobs.register(
          'test-slow-media',
          () =>
            new Promise<void>((resolve) => {
              finishMedia = resolve;
              started();
            }),
          'media',
        );
      });
      const mailed = new Promise<void>((resolve) => worker.deps.jobs.register('test-quick-mail', async () => resolve()));
      await worker.deps.jobs.enqueue(worker.deps.db, 'test-slow-media', {});
      await mediaRunning;
      await worker.deps.jobs.enqueue(worker.deps.db, 'test-quick-mail', {});
      await mailed;
      finishMedia();
    } finally {
      await worker.close();
    }
  });

  it('runs a job queued inside a committed transaction, and none from a rolled-back one', async () => {
    const seen: unknown[] = [];
    app.deps.jobs.register('test-commit', async (payload) => {
      seen.push(payload.n);
    });
    await app.deps.db.transaction((tx) => app.deps.jobs.enqueue(tx, 'test-commit', { n: 1 }));
    await app.deps.db
      .transaction(async (tx) => {
        await app.deps.jobs.enqueue(tx, 'test-commit', { n: 2 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await app.deps.jobs.drain();
    expect(seen).toEqual([1]);
    expect((await jobRow('test-commit')).status).toBe('done');
  });

  it('retries a failing job with backoff, then marks it failed with the last error', async () => {
    let calls = 0;
    app.deps.jobs.register('test-flaky', async () => {
      calls += 1;
      throw new Error(`attempt ${calls} failed`);
    });
    await app.deps.jobs.enqueue(app.deps.db, 'test-flaky', {}, { maxAttempts: 2 });
    await app.deps.jobs.drain();
    const retrying = await jobRow('test-flaky');
    expect(retrying).toMatchObject({ status: 'queued', attempts: 1, lastError: 'attempt 1 failed' });
    expect(retrying.runAt.getTime()).toBeGreaterThan(Date.now() + 5_000);
    await makeDue('test-flaky');
    await app.deps.jobs.drain();
    expect(await jobRow('test-flaky')).toMatchObject({ status: 'failed', attempts: 2, lastError: 'attempt 2 failed' });
    expect(calls).toBe(2);
  });

  it('takes over a job whose process died while running it', async () => {
    let ran = 0;
    app.deps.jobs.register('test-orphan', async () => {
      ran += 1;
    });
    await app.deps.jobs.enqueue(app.deps.db, 'test-orphan', {});
    await app.deps.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(jobs.name, 'test-orphan'));
    await app.deps.jobs.drain();
    expect(ran).toBe(0);
    await app.deps.db.update(jobs).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(jobs.name, 'test-orphan'));
    await app.deps.jobs.drain();
    expect(ran).toBe(1);
  });

  it('claims a job for a minute and renews the claim while it runs, so a dead process’s job is taken over within a minute (found by the chaos test)', async () => {
    let finish!: () => void;
    const running = new Promise<void>((resolve) => {
      finish = resolve;
    });
    app.deps.jobs.register('test-long', () => running);
    await app.deps.jobs.enqueue(app.deps.db, 'test-long', {});
    const drained = app.deps.jobs.drain();
    const claim = async () => {
      const row = await jobRow('test-long');
      return row.status === 'running' ? row.lockedUntil!.getTime() - Date.now() : null;
    };
    await expect.poll(claim).not.toBeNull();
    const first = (await claim())!;
    expect(first).toBeGreaterThan((LOCK_SECONDS - 5) * 1000);
    expect(first).toBeLessThanOrEqual(LOCK_SECONDS * 1000);
    const firstUntil = (await jobRow('test-long')).lockedUntil!.getTime();
    await new Promise((resolve) => setTimeout(resolve, (LOCK_SECONDS * 1000) / 4 + 1_000));
    expect((await jobRow('test-long')).lockedUntil!.getTime()).toBeGreaterThan(firstUntil + 10_000);
    finish();
    await drained;
    expect(await jobRow('test-long')).toMatchObject({ status: 'done' });
  }, 60_000);

  it("counts the attempt of a job refused by another server's connection while the database is up (it backs off, not loops)", async () => {
    app.deps.jobs.register('test-smtp-down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    });
    await app.deps.jobs.enqueue(app.deps.db, 'test-smtp-down', {});
    await app.deps.jobs.drain();
    const row = await jobRow('test-smtp-down');
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'connect ECONNREFUSED 127.0.0.1:25' });
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('lets the jobs running finish when the process shuts down (the SIGTERM drain)', async () => {
    const worker = await createTestApp({ jobsConcurrency: 1 }, { database: app.database });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finished = false;
    worker.deps.jobs.register('test-drain', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = true;
    });
    await worker.deps.jobs.enqueue(app.deps.db, 'test-drain', {});
    await running;
    await worker.close();
    expect(finished).toBe(true);
    expect((await jobRow('test-drain')).status).toBe('done');
  });

  it('gives each job to one of two processes sharing the database', async () => {
    const second = await createTestApp({ jobsConcurrency: 0 }, { database: app.database });
    try {
      const runs = new Map<number, string[]>();
      for (const [name, instance] of [
        ['first', app],
        ['second', second],
      ] as const) {
        instance.deps.jobs.register('test-shared', async (payload) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          runs.set(payload.n as number, [...(runs.get(payload.n as number) ?? []), name]);
        });
      }
      for (let n = 0; n < 20; n++) await app.deps.jobs.enqueue(app.deps.db, 'test-shared', { n });
      await Promise.all([app.deps.jobs.drain(), second.deps.jobs.drain()]);
      expect(runs.size).toBe(20);
      for (const workers of runs.values()) expect(workers).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  describe('periodic tasks', () => {
    const HOUR = 3_600_000;
    const dueIn = async (name: string) => {
      const [row] = await app.deps.db.select().from(periodicTasks).where(eq(periodicTasks.name, name));
      return row ? row.dueAt.getTime() - Date.now() : undefined;
    };
    const worker = () => createTestApp({ jobsConcurrency: 1 }, { database: app.database });

    it('keeps the due time in the database: the first run an interval after the site first has the task, then once per interval whoever works jobs, a restart not putting it off (found by the chaos test)', async () => {
      const runs: string[] = [];
      const first = await worker();
      first.deps.jobs.every('test-hourly', HOUR, async () => runs.push('first'));
      await vi.waitFor(async () => expect(await dueIn('test-hourly')).toBeGreaterThan(HOUR - 60_000), { timeout: 5_000 });
      expect(runs).toEqual([]);

      // The hour passes while the first process is down; a process started now runs the task at once.
      await first.close();
      await app.deps.db.update(periodicTasks).set({ dueAt: sql`now() - interval '1 second'` }).where(eq(periodicTasks.name, 'test-hourly'));
      const [second, third] = await Promise.all([worker(), worker()]);
      try {
        second.deps.jobs.every('test-hourly', HOUR, async () => runs.push('second'));
        third.deps.jobs.every('test-hourly', HOUR, async () => runs.push('third'));
        await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 5_000 });
        expect(await dueIn('test-hourly')).toBeGreaterThan(HOUR - 60_000);
        // Ticks of both processes go by without a second run within the interval.
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        expect(runs).toHaveLength(1);
      } finally {
        await Promise.all([second.close(), third.close()]);
      }
    });

    it('tries a failed task again within a minute rather than an interval later', async () => {
      const process = await worker();
      try {
        let attempts = 0;
        process.deps.jobs.every('test-failing', HOUR, async () => {
          attempts += 1;
          throw new Error('the mail server is away');
        });
        await vi.waitFor(async () => expect(await dueIn('test-failing')).toBeDefined(), { timeout: 5_000 });
        await app.deps.db.update(periodicTasks).set({ dueAt: sql`now()` }).where(eq(periodicTasks.name, 'test-failing'));
        await vi.waitFor(() => expect(attempts).toBe(1), { timeout: 5_000 });
        await vi.waitFor(async () => expect(await dueIn('test-failing')).toBeLessThanOrEqual(60_000), { timeout: 5_000 });
        expect(await dueIn('test-failing')).toBeGreaterThan(30_000);
      } finally {
        await process.close();
      }
    });

    it('counts a due time further away than the interval as due (an interval shortened by a new version)', async () => {
      const process = await worker();
      try {
        let runs = 0;
        await app.deps.db.insert(periodicTasks).values({ name: 'test-shortened', dueAt: new Date(Date.now() + 24 * HOUR) });
        process.deps.jobs.every('test-shortened', 60_000, async () => {
          runs += 1;
        });
        await vi.waitFor(() => expect(runs).toBe(1), { timeout: 5_000 });
        expect(await dueIn('test-shortened')).toBeLessThanOrEqual(60_000);
      } finally {
        await process.close();
      }
    });
  });
});
