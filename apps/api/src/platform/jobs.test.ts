import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app';
import { jobs, periodicTasks } from '../db/schema';
import { enqueueEachSql, jobKind, LOCK_SECONDS } from './jobs';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ jobsConcurrency: 0 });
});
afterAll(() => app.close());

const jobRow = async (name: string) => (await app.deps.db.select().from(jobs).where(eq(jobs.name, name)))[0]!;
const makeDue = (name: string) => app.deps.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.name, name));

const numbered = z.object({ n: z.number().int() });
const fairJob = jobKind('test-fair', z.object({ id: z.string() }));
const slowMediaJob = jobKind('test-slow-media', z.object({}), 'media');
const quickMailJob = jobKind('test-quick-mail', z.object({}));
const commitJob = jobKind('test-commit', numbered);
const flakyJob = jobKind('test-flaky', z.object({}));
const orphanJob = jobKind('test-orphan', z.object({}));
const longJob = jobKind('test-long', z.object({}));
const smtpDownJob = jobKind('test-smtp-down', z.object({}));
const drainJob = jobKind('test-drain', z.object({}));
const sharedJob = jobKind('test-shared', numbered);
const checkedJob = jobKind('test-checked', numbered);
const statementJob = jobKind('test-statement', numbered);

describe('job queue', () => {
  it("shares the queue fairly: one account's backlog does not keep another's short job waiting", async () => {
    const order: string[] = [];
    app.deps.jobs.register(fairJob, async (payload) => {
      order.push(payload.id);
    });
    await app.deps.db.transaction(async (tx) => {
      for (const id of ['a1', 'a2', 'a3']) await app.deps.jobs.enqueue(tx, fairJob, { id }, { group: 'creator-a', cost: 600 });
    });
    await app.deps.jobs.enqueue(app.deps.db, fairJob, { id: 'b1' }, { group: 'creator-b', cost: 5 });
    await app.deps.jobs.drain();
    expect(order).toEqual(['b1', 'a1', 'a2', 'a3']);
  });

  it('keeps a slow media job from holding up the other lanes', async () => {
    const worker = await createTestApp({ jobsConcurrency: 1, mediaConcurrency: 1 }, { database: app.database });
    try {
      let finishMedia = () => {};
      const mediaRunning = new Promise<void>((started) => {
        worker.deps.jobs.register(
          slowMediaJob,
          () =>
            new Promise<void>((resolve) => {
              finishMedia = resolve;
              started();
            }),
        );
      });
      const mailed = new Promise<void>((resolve) => worker.deps.jobs.register(quickMailJob, async () => resolve()));
      await worker.deps.jobs.enqueue(worker.deps.db, slowMediaJob, {});
      await mediaRunning;
      await worker.deps.jobs.enqueue(worker.deps.db, quickMailJob, {});
      await mailed;
      finishMedia();
    } finally {
      await worker.close();
    }
  });

  it('runs a job queued inside a committed transaction, and none from a rolled-back one', async () => {
    const seen: unknown[] = [];
    app.deps.jobs.register(commitJob, async (payload) => {
      seen.push(payload.n);
    });
    await app.deps.db.transaction((tx) => app.deps.jobs.enqueue(tx, commitJob, { n: 1 }));
    await app.deps.db
      .transaction(async (tx) => {
        await app.deps.jobs.enqueue(tx, commitJob, { n: 2 });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await app.deps.jobs.drain();
    expect(seen).toEqual([1]);
    expect((await jobRow('test-commit')).status).toBe('done');
  });

  it('retries a failing job with backoff, then marks it failed with the last error', async () => {
    let calls = 0;
    app.deps.jobs.register(flakyJob, async () => {
      calls += 1;
      throw new Error(`attempt ${calls} failed`);
    });
    await app.deps.jobs.enqueue(app.deps.db, flakyJob, {}, { maxAttempts: 2 });
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
    app.deps.jobs.register(orphanJob, async () => {
      ran += 1;
    });
    await app.deps.jobs.enqueue(app.deps.db, orphanJob, {});
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
    app.deps.jobs.register(longJob, () => running);
    await app.deps.jobs.enqueue(app.deps.db, longJob, {});
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
    app.deps.jobs.register(smtpDownJob, async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
    });
    await app.deps.jobs.enqueue(app.deps.db, smtpDownJob, {});
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
    worker.deps.jobs.register(drainJob, async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = true;
    });
    await worker.deps.jobs.enqueue(app.deps.db, drainJob, {});
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
        instance.deps.jobs.register(sharedJob, async (payload) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          runs.set(payload.n, [...(runs.get(payload.n) ?? []), name]);
        });
      }
      for (let n = 0; n < 20; n++) await app.deps.jobs.enqueue(app.deps.db, sharedJob, { n });
      await Promise.all([app.deps.jobs.drain(), second.deps.jobs.drain()]);
      expect(runs.size).toBe(20);
      for (const workers of runs.values()) expect(workers).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  describe('kinds of job', () => {
    it('refuses to queue a payload its kind refuses, and queues nothing', async () => {
      const wrong = { n: 'one' } as unknown as { n: number };
      await expect(app.deps.jobs.enqueue(app.deps.db, checkedJob, wrong)).rejects.toThrow(/expected number/i);
      expect(await app.deps.db.select().from(jobs).where(eq(jobs.name, checkedJob.name))).toEqual([]);
    });

    it('fails a stored payload its kind refuses at once, without running the handler or trying again', async () => {
      const ran = vi.fn(async () => {});
      app.deps.jobs.register(checkedJob, ran);
      // As a row written by an older version of the code would be.
      await app.deps.db.insert(jobs).values({ name: checkedJob.name, payload: { n: 'one' }, maxAttempts: 5 });
      await app.deps.jobs.drain();
      expect(ran).not.toHaveBeenCalled();
      const row = await jobRow(checkedJob.name);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.lastError).toMatch(/payload refused by the kind's schema/);
    });

    it('runs jobs queued by a statement with their payloads checked and typed', async () => {
      const seen: number[] = [];
      app.deps.jobs.register(statementJob, async ({ n }) => {
        seen.push(n);
      });
      await app.deps.db.execute(sql`
        with source as (select n from generate_series(1, 3) as n)
        ${enqueueEachSql(statementJob, { payload: sql`jsonb_build_object('n', n)`, from: sql`source` })}`);
      await app.deps.jobs.drain();
      expect(seen.sort()).toEqual([1, 2, 3]);
    });

    it('knows each name once: a second kind or a second handler of one name fails as the code loads', () => {
      expect(() => jobKind(checkedJob.name, numbered)).toThrow(`job kind ${checkedJob.name} is defined twice`);
      expect(() => app.deps.jobs.register(checkedJob, async () => {})).toThrow(`job kind ${checkedJob.name} has a handler already`);
    });
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
