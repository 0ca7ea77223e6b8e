import fs from 'node:fs/promises';
import { errorBodySchema } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobKind } from '../src/platform/jobs';
import { LEDGER_CHECK_JOB } from '../src/platform/ledger-check';
import { lastLedgerCheck } from '../src/platform/metrics';
import { createTestApp, type TestApp } from './app';
import { fundWallet, registerFan, setSetting, signedIn } from './factories';
import { nextEvent, realtimeSuite } from './realtime';

/** The value of one sample of the scrape, by its name and labels as Prometheus writes them. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

const unhandledJob = jobKind('test.unhandled', z.object({}));
const unhandledRetryJob = jobKind('test.unhandled-retry', z.object({}));
const failingJob = jobKind('test.failing', z.object({}));

const scrape = async (app: TestApp, headers: Record<string, string> = {}) => {
  const response = await app.inject({ url: '/metrics', headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

describe('GET /metrics', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
    app.get('/boom', async () => {
      throw new Error('an unexpected failure');
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts answers by method, route pattern and status class, never by the raw URL', async () => {
    for (let i = 0; i < 3; i++) await app.inject('/api/settings/public');
    await app.inject('/api/posts/00000000-0000-4000-8000-000000000000');
    await app.inject('/api/posts/11111111-1111-4111-8111-111111111111');
    await app.inject('/api/no-such-route');
    await app.inject('/boom');

    const text = await scrape(app);
    expect(text).toContain('# TYPE limelight_http_request_duration_seconds histogram');
    const histogram = 'limelight_http_request_duration_seconds';
    expect(sample(text, `${histogram}_count{route="/api/settings/public",method="GET",status="2xx"}`)).toBe(3);
    expect(sample(text, `${histogram}_bucket{route="/api/settings/public",method="GET",status="2xx",le="+Inf"}`)).toBe(3);
    expect(sample(text, `${histogram}_sum{route="/api/settings/public",method="GET",status="2xx"}`)).toBeGreaterThan(0);
    expect(sample(text, `${histogram}_count{route="/api/posts/:id",method="GET",status="4xx"}`)).toBe(2);
    expect(sample(text, `${histogram}_count{route="(unmatched)",method="GET",status="4xx"}`)).toBe(1);
    expect(text).not.toContain('00000000-0000');
    expect(text).not.toContain('no-such-route');
    expect(sample(text, 'limelight_http_server_errors_total{method="GET",route="/boom"}')).toBe(1);
    // Buckets are cumulative: each at least the one before.
    const buckets = text
      .split('\n')
      .filter((line) => line.startsWith(`${histogram}_bucket{route="/api/settings/public"`))
      .map((line) => Number(line.split(' ')[1]));
    expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
  });

  it('reports the process: event-loop lag, memory, and the database pool', async () => {
    const text = await scrape(app);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'limelight_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    if (app.database.kind === 'postgres') expect(text).toContain('limelight_db_pool_connections{state="idle"}');
    expect(sample(text, 'limelight_sockets_connected')).toBe(0);
    expect(sample(text, 'limelight_live_sessions')).toBe(0);
    expect(sample(text, 'limelight_live_viewers')).toBe(0);
    expect(sample(text, 'limelight_metrics_database_failed')).toBe(0);
    // Two scrapers at once share one reading rather than resetting each other's gauges half-way.
    const [first, second] = await Promise.all([scrape(app), scrape(app)]);
    expect(first).toBe(second);
    expect(first).toContain('limelight_live_viewers 0');
  });

  it('shows the queue: depth and oldest waiting job by name, and jobs that gave up', async () => {
    await app.deps.jobs.enqueue(app.deps.db, unhandledJob, {});
    await app.deps.db.execute(sql`update jobs set run_at = now() - interval '90 seconds' where name = 'test.unhandled'`);
    app.deps.jobs.register(failingJob, async () => {
      throw new Error('always fails');
    });
    await app.deps.jobs.enqueue(app.deps.db, failingJob, {}, { maxAttempts: 1 });
    await app.deps.jobs.drain();
    // A job that failed once and waits for its retry.
    await app.deps.jobs.enqueue(app.deps.db, unhandledRetryJob, {});
    await app.deps.db.execute(sql`update jobs set attempts = 1 where name = 'test.unhandled-retry'`);

    const text = await scrape(app);
    expect(sample(text, 'limelight_jobs{name="test.unhandled",status="queued"}')).toBe(1);
    expect(sample(text, 'limelight_jobs_oldest_waiting_seconds{name="test.unhandled"}')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'limelight_jobs{name="test.failing",status="failed"}')).toBe(1);
    expect(sample(text, 'limelight_jobs_retrying{name="test.unhandled-retry"}')).toBe(1);
    expect(text).not.toContain('limelight_jobs_retrying{name="test.unhandled"}');
  });

  it('reports the last ledger check, sound and then broken', async () => {
    expect(sample(await scrape(app), 'limelight_ledger_check_timestamp_seconds')).toBe(0);
    const fan = await registerFan(app);
    await fundWallet(app, fan._id, 5);
    await app.deps.jobs.enqueue(app.deps.db, LEDGER_CHECK_JOB, {}, { maxAttempts: 1 });
    await app.deps.jobs.drain();
    let text = await scrape(app);
    expect(sample(text, 'limelight_ledger_check_failed')).toBe(0);
    expect(sample(text, 'limelight_ledger_check_timestamp_seconds')! * 1000).toBeGreaterThan(Date.now() - 60_000);

    // A cached balance that no longer matches its entries.
    await app.deps.db.execute(sql`update ledger_accounts set balance_cents = balance_cents + 1 where owner_id = ${fan._id}`);
    await app.deps.jobs.enqueue(app.deps.db, LEDGER_CHECK_JOB, {}, { maxAttempts: 1 });
    await app.deps.jobs.drain();
    text = await scrape(app);
    expect(sample(text, 'limelight_ledger_check_failed')).toBe(1);
    expect(sample(text, `limelight_jobs{name="${LEDGER_CHECK_JOB.name}",status="failed"}`)).toBe(1);
    const [failure] = (
      await app.deps.db.execute<{ last_error: string }>(
        sql`select last_error from jobs where name = ${LEDGER_CHECK_JOB.name} and status = 'failed'`,
      )
    ).rows;
    expect(failure?.last_error).toContain('cached balance equals the sum of its entries');
    await app.deps.db.execute(sql`update ledger_accounts set balance_cents = balance_cents - 1 where owner_id = ${fan._id}`);
  });

  it('finds the last ledger check through its own index, not among every finished job (EXPLAIN)', async () => {
    await app.deps.db.execute(
      sql`insert into jobs (name, payload, status) select 'test.finished', '{}', 'done' from generate_series(1, 2000)`,
    );
    await app.deps.db.execute(sql`analyze jobs`);
    const { rows } = (await app.deps.db.execute(sql`explain ${lastLedgerCheck}`)) as unknown as { rows: Array<Record<string, string>> };
    const plan = rows.map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toContain('jobs_ledger_check_idx');
    expect(plan).not.toMatch(/Seq Scan/);
    await app.deps.db.execute(sql`delete from jobs where name = 'test.finished'`);
  });

  it('answers scrapers on this machine or a private network, not the public nor anyone through a proxy', async () => {
    expect((await app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/metrics', remoteAddress: '::ffff:192.168.1.9' })).statusCode).toBe(200);
    for (const request of [
      { remoteAddress: '203.0.113.7' },
      { remoteAddress: '2001:db8::1' },
      { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '203.0.113.7' } },
      { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
    ]) {
      const refused = await app.inject({ url: '/metrics', ...request });
      expect(refused.statusCode).toBe(403);
      expect(errorBodySchema.strict().parse(refused.json()).requestId).toBe(refused.headers['x-request-id']);
      expect(refused.body).not.toContain('limelight_');
    }
  });

  it('has every metric the Grafana dashboard charts', async () => {
    const dashboard = await fs.readFile(new URL('../../../deploy/grafana/limelight-dashboard.json', import.meta.url), 'utf8');
    const charted = new Set(dashboard.match(/\b(?:limelight|nodejs|process)_[a-z0-9_]+/g));
    expect(charted.size).toBeGreaterThan(10);
    await app.inject('/boom');
    const text = await scrape(app);
    for (const name of charted) expect(text, name).toContain(name);
  });

  it('keeps a registry per app: two apps in one process count apart', async () => {
    const other = await createTestApp();
    try {
      await other.inject('/api/settings/public');
      const text = await scrape(other);
      expect(sample(text, 'limelight_http_request_duration_seconds_count{route="/api/settings/public",method="GET",status="2xx"}')).toBe(1);
      expect(
        sample(await scrape(app), 'limelight_http_request_duration_seconds_count{route="/api/settings/public",method="GET",status="2xx"}'),
      ).toBe(3);
    } finally {
      await other.close();
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let app: TestApp;
  const token = 'a-scraper-token-of-some-length';
  beforeAll(async () => {
    app = await createTestApp({ metricsToken: token });
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers whoever sends the token, from anywhere, and no one else, not even this machine', async () => {
    await scrape(app, { authorization: `Bearer ${token}` });
    const remote = await app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '198.51.100.1' },
    });
    expect(remote.statusCode).toBe(200);
    for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, token]) {
      const refused = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('sockets in the metrics', () => {
  const suite = realtimeSuite();

  it('counts the open Socket.IO connections of the process', async () => {
    const fan = await signedIn(suite.app, 'user');
    const socket = await suite.connected(fan, suite.app);
    expect(sample(await scrape(suite.app), 'limelight_sockets_connected')).toBe(1);
    const gone = nextEvent(socket, 'disconnect' as never);
    socket.disconnect();
    await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 500))]);
    await expect.poll(async () => sample(await scrape(suite.app), 'limelight_sockets_connected')).toBe(0);
  });
});

describe('the request id in every error body', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ webDistDir: '/nonexistent' });
  });
  afterAll(async () => {
    await app.close();
  });

  const expectRequestId = (response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }, status: number) => {
    expect(response.statusCode).toBe(status);
    const parsed = errorBodySchema.strict().parse(response.json());
    expect(parsed.statusCode).toBe(status);
    expect(parsed.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed.requestId).toBe(response.headers['x-request-id']);
  };

  it('names the request in 400, 404, 413 and 414 answers, as its x-request-id header does', async () => {
    expectRequestId(await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 5 } }), 400);
    expectRequestId(await app.inject('/api/no-such-route'), 404);
    expectRequestId(await app.inject('/no-such-page.js'), 404);
    expectRequestId(await app.inject('/api/%E0%A4%A'), 400);
    expectRequestId(await app.inject(`/api/posts/${'x'.repeat(300)}`), 414);
    expectRequestId(
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`,
      }),
      413,
    );
  });

  it('names the request in a 429 of the rate limit', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 1 });
    try {
      const attempt = () =>
        limited.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'nobody@example.test', password: 'wrong-password-1' },
        });
      await attempt();
      expectRequestId(await attempt(), 429);
    } finally {
      await limited.close();
    }
  });

  it('names the request in the maintenance answer', async () => {
    await setSetting(app, 'maintenanceMode', true);
    try {
      expectRequestId(await app.inject('/api/users/me'), 503);
    } finally {
      await setSetting(app, 'maintenanceMode', false);
    }
  });
});
