import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { type Database, pingDatabase, type Queryable } from '../db/client';
import { jobs, periodicTasks } from '../db/schema/platform/jobs';
import { isUnavailable } from './errors';
import { traced } from './tracing';

/**
 * A kind of job: its name in the queue, the shape of its payload and the lane that works it. The
 * payload is type-checked where the job is queued, checked against its schema as it is queued, and
 * again as it runs (a row written by an older version, or by SQL), so a handler gets what it was
 * promised. Names are unique in the process: a second kind of one name fails as its module loads.
 */
export type JobKind<Schema extends z.ZodType = z.ZodType> = { readonly name: string; readonly payload: Schema; readonly lane: JobLane };
export type JobRun = { id: string; attempts: number; maxAttempts: number };
export type JobHandler<Schema extends z.ZodType = z.ZodType> = (payload: z.output<Schema>, job: JobRun) => Promise<void>;

const kindNames = new Set<string>();
export function jobKind<Schema extends z.ZodType>(name: string, payload: Schema, lane: JobLane = 'default'): JobKind<Schema> {
  if (kindNames.has(name)) throw new Error(`job kind ${name} is defined twice`);
  kindNames.add(name);
  return { name, payload, lane };
}

/** A stored payload its kind's schema refuses: trying again cannot help, the job fails for good at once. */
class RefusedPayload extends Error {}

/**
 * A job of `kind` for each row of a statement's `from` (a CTE's name and condition), its payload
 * built in SQL (`jsonb_build_object(...)`): for a write that is one statement (a wallet charge's
 * notice). The run-time check of the payload holds it to the kind's schema. The caller wakes the
 * queue after the statement.
 */
export function enqueueEachSql(kind: JobKind, select: { payload: SQL; from: SQL }): SQL {
  return sql`insert into ${jobs} (name, payload) select ${kind.name}::text, ${select.payload} from ${select.from}`;
}

/**
 * A claim lasts this long, and the process running the job renews it every quarter of it: a job
 * whose process died (SIGKILL, a lost machine) is taken over within a minute, not left waiting
 * (a private show's next minute, a renewal). A process cut from the database for longer than a
 * claim may see its job taken over while it still runs: jobs are idempotent by their keys.
 */
export const LOCK_SECONDS = 60;
const RENEW_CLAIM_MS = (LOCK_SECONDS * 1000) / 4;
const POLL_MS = 1000;
/** Finished jobs are kept a day for inspection, then swept. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** A periodic task that failed is tried again this soon at most (its interval when shorter). */
const PERIODIC_RETRY_MS = 60_000;

export interface Jobs {
  /**
   * Queues a job inside the caller's transaction: it exists exactly when the write commits. With
   * a `key`, a job already queued (or run) under it is kept and nothing is added. Says whether it
   * added one.
   */
  enqueue<Schema extends z.ZodType>(
    tx: Queryable,
    kind: JobKind<Schema>,
    payload: z.input<Schema>,
    options?: EnqueueOptions,
  ): Promise<boolean>;
  /** Looks for work now, as `enqueue` does: after a write that queued jobs with its own SQL (one statement). */
  wake(): void;
  /** Registers the handler of a kind of job, once (each lane has its own number of slots). */
  register<Schema extends z.ZodType>(kind: JobKind<Schema>, handler: JobHandler<Schema>): void;
  /**
   * A task every `intervalMs` for the whole site (renewal checks), run by whichever process that
   * works jobs finds it due first. Its due time is kept in the database, so it is neither run by
   * every process nor put off by restarts: the first run comes an interval after the site first
   * registers it.
   */
  every(name: string, intervalMs: number, task: () => Promise<unknown>): void;
  /** Runs queued jobs until none is left (tests, the CLI). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

export type JobLane = 'default' | 'media';
/** How many jobs of each lane one process runs at once; 0 everywhere leaves the jobs to others. */
export type JobLanes = Record<JobLane, number>;

export type EnqueueOptions = {
  maxAttempts?: number;
  key?: string;
  /**
   * Fair sharing: jobs of one `group` (the account whose upload it is) queue behind each other by
   * their `cost` (seconds of work), so one account's backlog cannot keep another waiting: the
   * queue takes the job whose group has the least work ahead of it (virtual-time fair queueing).
   */
  group?: string;
  cost?: number;
  /** Not before this time (a private show's next minute); now by default. */
  runAt?: Date;
};

/** A task registered with `every`; `busy` while this process runs it. */
type PeriodicTask = { intervalMs: number; task: () => Promise<unknown>; busy: boolean };

type ClaimedJob = { id: string; name: string; payload: Record<string, unknown>; attempts: number; max_attempts: number };

/**
 * A job queue in PostgreSQL: every API process also works jobs (`concurrency` at a time), so one
 * process or many behind a load balancer need nothing more than the database they share.
 */
export function createJobs(db: Database, log: FastifyBaseLogger, lanes: JobLanes): Jobs {
  const handlers = new Map<string, { kind: JobKind; handler: JobHandler }>();
  const running: JobLanes = { default: 0, media: 0 };
  const works = Object.values(lanes).some((slots) => slots > 0);
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  const periodic = new Map<string, PeriodicTask>();
  const active = new Set<Promise<void>>();

  /**
   * While the database is out of reach the queue pauses: it keeps looking once a poll (which is
   * how it notices the return), says so once rather than on every tick, and gives back the jobs
   * the outage cut short without counting the attempt (decision 057).
   */
  let outage = false;
  const interrupted = new Set<string>();
  const databaseAway = (error: unknown) => {
    if (outage) return;
    outage = true;
    log.warn({ err: error }, 'database unavailable: jobs paused until it is back');
  };
  async function databaseBack() {
    if (!outage) return;
    outage = false;
    log.info('database back: jobs resumed');
    for (const id of interrupted) await giveBack(id).catch(databaseAway);
  }
  async function giveBack(id: string) {
    await db.execute(sql`
      update ${jobs} set status = 'queued', attempts = greatest(attempts - 1, 0), locked_until = null, run_at = now(), updated_at = now()
      where id = ${id} and status = 'running'`);
    interrupted.delete(id);
  }

  const namesIn = (lane?: JobLane) => [...handlers].filter(([, entry]) => !lane || entry.kind.lane === lane).map(([name]) => name);

  /** The next job of `lane` (of any lane when none is given), fairest first. */
  async function claim(lane?: JobLane): Promise<ClaimedJob | undefined> {
    const names = namesIn(lane);
    if (!names.length) return undefined;
    const result = await db.execute(sql`
      update ${jobs} set status = 'running', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LOCK_SECONDS}), updated_at = now()
      where id = (
        select id from ${jobs}
        where name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})
          and ((status = 'queued' and run_at <= now()) or (status = 'running' and locked_until < now()))
        order by fair_at
        limit 1
        for update skip locked
      )
      returning id, name, payload, attempts, max_attempts`);
    await databaseBack();
    return (result.rows as ClaimedJob[])[0];
  }

  async function run(job: ClaimedJob) {
    const renewal = setInterval(() => {
      void db
        .execute(sql`
          update ${jobs} set locked_until = now() + make_interval(secs => ${LOCK_SECONDS})
          where id = ${job.id} and status = 'running'`)
        .catch(() => undefined);
    }, RENEW_CLAIM_MS);
    renewal.unref();
    try {
      const { kind, handler } = handlers.get(job.name)!;
      const payload = kind.payload.safeParse(job.payload);
      if (!payload.success) throw new RefusedPayload(`payload refused by the kind's schema: ${payload.error.message}`);
      await traced(`job ${job.name}`, { 'job.id': job.id, 'job.attempt': job.attempts }, () =>
        handler(payload.data, { id: job.id, attempts: job.attempts, maxAttempts: job.max_attempts }),
      );
      await db.execute(sql`update ${jobs} set status = 'done', locked_until = null, updated_at = now() where id = ${job.id}`);
    } catch (error) {
      // A refused connection may be the mail server's: only a database that is really away
      // spares the attempt, or a job failing on another server would retry without back-off.
      if (
        isUnavailable(error) &&
        !(await pingDatabase(db).then(
          () => true,
          () => false,
        ))
      ) {
        interrupted.add(job.id);
        databaseAway(error);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= job.max_attempts || error instanceof RefusedPayload;
      log.warn(
        { err: error, job: job.name, jobId: job.id, attempt: job.attempts },
        final ? 'job failed for good' : 'job failed, will retry',
      );
      // Retries back off: 10 s, 40 s, 90 s, ... If even this cannot be written (the database went away
      // during shutdown), the claim's lock runs out and another process takes the job over.
      await db
        .execute(sql`
          update ${jobs} set status = ${final ? 'failed' : 'queued'}, last_error = ${message.slice(0, 2000)}, locked_until = null,
            run_at = now() + make_interval(secs => ${10 * job.attempts ** 2}), updated_at = now()
          where id = ${job.id}`)
        .catch((writeError: unknown) => log.error({ err: writeError, job: job.name, jobId: job.id }, 'recording a job failure failed'));
    } finally {
      clearInterval(renewal);
    }
  }

  /**
   * Takes jobs while there are free slots; each finished job looks for the next one. One pump at a
   * time: a second caller waits for the claim already under way (so `drain` cannot find the queue
   * empty while another claim holds the job it is looking for).
   */
  let pumping: Promise<void> | undefined;
  function pump(): Promise<void> {
    pumping ??= takeJobs().finally(() => {
      pumping = undefined;
    });
    return pumping;
  }
  async function takeJobs() {
    for (const lane of Object.keys(lanes) as JobLane[]) {
      while (!closed && running[lane] < lanes[lane]) {
        const job = await claim(lane).catch((error: unknown) => {
          if (isUnavailable(error)) databaseAway(error);
          else log.error({ err: error }, 'claiming a job failed');
          return null;
        });
        // Without the database, the other lanes would only fail the same way.
        if (job === null) return;
        if (!job) break;
        running[lane] += 1;
        const work = run(job).finally(() => {
          running[lane] -= 1;
          active.delete(work);
          void pump();
        });
        active.add(work);
      }
    }
  }

  /**
   * Runs the periodic tasks that are due: one statement moves each due task's time on by its
   * interval, and this process runs those it moved. A due time further away than the interval
   * (the interval was shortened) counts as due.
   */
  let registered = false;
  const tasksRunning = new Set<Promise<void>>();
  async function runDueTasks() {
    await moveDueTasks().catch((error: unknown) =>
      isUnavailable(error) ? databaseAway(error) : log.error({ err: error }, 'looking for due periodic tasks failed'),
    );
  }
  async function moveDueTasks() {
    if (closed) return;
    const idle = [...periodic].filter(([, entry]) => !entry.busy);
    if (!idle.length) return;
    const names = idle.map(([name]) => name);
    const seconds = idle.map(([, entry]) => entry.intervalMs / 1000);
    if (!registered) {
      await db.execute(sql`
        insert into ${periodicTasks} (name, due_at)
        select name, now() + make_interval(secs => seconds) from unnest(${sql.param(names)}::text[], ${sql.param(seconds)}::float8[]) as t(name, seconds)
        on conflict (name) do nothing`);
      registered = true;
    }
    const due = await db.execute(sql`
      update ${periodicTasks} p set due_at = now() + make_interval(secs => t.seconds)
      from unnest(${sql.param(names)}::text[], ${sql.param(seconds)}::float8[]) as t(name, seconds)
      where p.name = t.name and (p.due_at <= now() or p.due_at > now() + make_interval(secs => t.seconds))
      returning p.name`);
    for (const { name } of due.rows as { name: string }[]) {
      const running = runTask(name, periodic.get(name)!).finally(() => tasksRunning.delete(running));
      tasksRunning.add(running);
    }
  }
  async function runTask(name: string, entry: PeriodicTask) {
    entry.busy = true;
    try {
      await traced(`task ${name}`, {}, entry.task);
    } catch (error) {
      if (isUnavailable(error)) databaseAway(error);
      else log.error({ err: error, task: name }, 'periodic task failed');
      // Tried again soon rather than a whole interval later (hourly tasks).
      const retryInSeconds = Math.min(entry.intervalMs, PERIODIC_RETRY_MS) / 1000;
      await db
        .execute(sql`update ${periodicTasks} set due_at = now() + make_interval(secs => ${retryInSeconds}) where name = ${name}`)
        .catch(() => undefined);
    } finally {
      entry.busy = false;
    }
  }
  if (works)
    periodic.set('jobs.sweep-finished', {
      intervalMs: SWEEP_EVERY_MS,
      task: () => db.execute(sql`delete from ${jobs} where status = 'done' and updated_at < now() - interval '1 day'`),
      busy: false,
    });

  let lookingForTasks: Promise<void> | undefined;
  const schedule = () => {
    if (closed || !works) return;
    timer = setTimeout(() => {
      lookingForTasks = runDueTasks();
      void Promise.all([pump(), lookingForTasks]).finally(schedule);
    }, POLL_MS);
    timer.unref();
  };
  schedule();

  return {
    async enqueue(tx, kind, payload, options = {}) {
      // A payload its schema refuses is a mistake in the code that queues it: it fails there, not in a worker later.
      kind.payload.parse(payload);
      const fairAt = options.group
        ? sql`greatest(now(), coalesce((select max(${jobs.fairAt}) from ${jobs} where ${jobs.groupKey} = ${options.group} and ${jobs.status} in ('queued', 'running')), now())) + make_interval(secs => ${options.cost ?? 1})`
        : undefined;
      const added = await tx
        .insert(jobs)
        .values({
          name: kind.name,
          payload: payload as Record<string, unknown>,
          maxAttempts: options.maxAttempts ?? 3,
          key: options.key,
          groupKey: options.group,
          fairAt,
          runAt: options.runAt,
        })
        .onConflictDoNothing({ target: jobs.key })
        .returning({ id: jobs.id });
      // Another process may take it first; this one looks as soon as the caller is done.
      if (added.length && works) setImmediate(() => void pump());
      return added.length > 0;
    },
    wake() {
      if (works) setImmediate(() => void pump());
    },
    register(kind, handler) {
      if (handlers.has(kind.name)) throw new Error(`job kind ${kind.name} has a handler already`);
      handlers.set(kind.name, { kind, handler: handler as JobHandler });
    },
    every(name, intervalMs, task) {
      if (!works) return;
      periodic.set(name, { intervalMs, task, busy: false });
      registered = false;
    },
    async drain() {
      for (;;) {
        await pump();
        if (!active.size) {
          const job = await claim();
          if (!job) return;
          await run(job);
        } else await Promise.race(active);
      }
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      // A claim already under way may still hand over a job (or a due task): wait for it, then for
      // every job and task running.
      await Promise.all([pumping, lookingForTasks]);
      await Promise.allSettled([...active, ...tasksRunning]);
    },
  };
}
