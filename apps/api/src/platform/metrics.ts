import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIPv4 } from 'node:net';
import { ErrorCode } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pg from 'pg';
import type * as PromClient from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import { AppError } from './errors';
import { lazyRequire } from './lazy';
import { LEDGER_CHECK_JOB } from './ledger-check';

/** Loaded at the first scrape: a site nobody scrapes pays nothing for it at start (decision 019). */
const promClient = lazyRequire<typeof PromClient>('prom-client');

/** Upper bounds of the latency buckets, in seconds: a cached read answers within a millisecond. */
const LATENCY_BOUNDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LE = [...LATENCY_BOUNDS.map(String), '+Inf'];
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** The route label of an answer no route matched (404s, the web app's pages). */
const UNMATCHED = '(unmatched)';

/** One route, method and status class's answers: how many fell in each bucket (not cumulative) and their total time. */
type Series = { buckets: Float64Array; seconds: number };

/**
 * Answers by route pattern, method and status class, with their latency. prom-client's own
 * histogram hashes its label set on every observation (about 1 us and a few strings per answer,
 * measured); this costs two map lookups and a bucket search on numbers that exist already, and
 * builds the histogram in prom-client's shape only when scraped (decision 058).
 */
export class RequestMeter {
  readonly #routes = new Map<string, Map<string, Array<Series | undefined>>>();

  record(route: string | undefined, method: string, statusCode: number, seconds: number) {
    const routeKey = route ?? UNMATCHED;
    let methods = this.#routes.get(routeKey);
    if (!methods) {
      methods = new Map();
      this.#routes.set(routeKey, methods);
    }
    let classes = methods.get(method);
    if (!classes) {
      classes = [];
      methods.set(method, classes);
    }
    const index = Math.min(Math.max(Math.trunc(statusCode / 100), 1), 5) - 1;
    let series = classes[index];
    if (!series) {
      series = { buckets: new Float64Array(LE.length), seconds: 0 };
      classes[index] = series;
    }
    let bucket = 0;
    while (bucket < LATENCY_BOUNDS.length && seconds > LATENCY_BOUNDS[bucket]!) bucket++;
    series.buckets[bucket]! += 1;
    series.seconds += seconds;
  }

  /** Each series with its labels, for the scrape. */
  *series(): Generator<{ labels: { route: string; method: string; status: string }; series: Series }> {
    for (const [route, methods] of this.#routes)
      for (const [method, classes] of methods)
        for (const [index, series] of classes.entries())
          if (series) yield { labels: { route, method, status: STATUS_CLASSES[index]! }, series };
  }
}

/**
 * The histogram and the 5xx counter as registry metrics, built from the meter at scrape time.
 * prom-client's registry asks a metric only for its name, help, type and `get()`; its types
 * name its own classes, hence the cast.
 */
function meterMetrics(meter: RequestMeter): PromClient.Metric[] {
  const histogram = {
    name: 'limelight_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status class',
    type: 'histogram',
    aggregator: 'sum',
    get: async () => {
      const values: PromClient.MetricValueWithName<string>[] = [];
      for (const { labels, series } of meter.series()) {
        let count = 0;
        series.buckets.forEach((inBucket, index) => {
          count += inBucket;
          values.push({ metricName: `${histogram.name}_bucket`, labels: { ...labels, le: LE[index]! }, value: count });
        });
        values.push({ metricName: `${histogram.name}_sum`, labels, value: series.seconds });
        values.push({ metricName: `${histogram.name}_count`, labels, value: count });
      }
      return { ...histogram, values };
    },
  };
  const errors = {
    name: 'limelight_http_server_errors_total',
    help: 'HTTP answers with a 5xx status, by method and route pattern',
    type: 'counter',
    aggregator: 'sum',
    get: async () => {
      const values: PromClient.MetricValue<string>[] = [];
      for (const { labels, series } of meter.series()) {
        if (labels.status === '5xx')
          values.push({ labels: { method: labels.method, route: labels.route }, value: series.buckets.reduce((a, b) => a + b, 0) });
      }
      return { ...errors, values };
    },
  };
  return [histogram, errors] as unknown as PromClient.Metric[];
}

/** Loopback and private networks: where a Prometheus inside the deployment scrapes from. */
const privateNetworks = new BlockList();
privateNetworks.addSubnet('127.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('10.0.0.0', 8, 'ipv4');
privateNetworks.addSubnet('172.16.0.0', 12, 'ipv4');
privateNetworks.addSubnet('192.168.0.0', 16, 'ipv4');
privateNetworks.addAddress('::1', 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');

/**
 * Who may scrape (decision 058): with METRICS_TOKEN, whoever sends it as a bearer token; without
 * one, a client on a loopback or private address connected directly, not through a proxy (which
 * adds a forwarding header: the public reaching the site through its load balancer would
 * otherwise arrive from the balancer's private address).
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
  if (request.headers['x-forwarded-for'] || request.headers.forwarded) return false;
  const remote = (request.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.)/, '');
  return privateNetworks.check(remote, isIPv4(remote) ? 'ipv4' : 'ipv6');
}

export type MetricSources = {
  database: DatabaseHandle;
  /** Engine.IO's count of this process's open connections (Socket.IO). */
  sockets: () => number;
  /** METRICS_TOKEN: when set, scrapers must send it as a bearer token. */
  token?: string;
};

/**
 * The last finished ledger check. The job's name is written into the statement, not bound: the
 * planner then sees that the partial index of ledger checks (migration 0054) holds every row this
 * can return, instead of reading a day of finished jobs at every scrape.
 */
export const lastLedgerCheck = sql`select status, extract(epoch from updated_at)::float8 as finished from jobs
  where name = ${sql.raw(`'${LEDGER_CHECK_JOB.name}'`)} and status in ('done', 'failed') order by updated_at desc limit 1`;

/**
 * `GET /metrics` in Prometheus's text format, with a registry of its own (tests build several
 * apps in one process), and the hook that times every answer. What lives in the database (the
 * job queue, live sessions, the last ledger check) is read when scraped: it is the same from
 * every process, so dashboards take it with max(), not sum().
 */
export function registerMetrics(app: FastifyInstance, sources: MetricSources) {
  const meter = new RequestMeter();
  app.addHook('onResponse', (request, reply, done) => {
    meter.record(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  let gauges: ReturnType<typeof createGauges> | undefined;
  // Scrapes at the same moment share one reading: each resets and sets the same gauges.
  let scraping: Promise<string> | undefined;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayScrape(request, sources.token)) {
      throw new AppError(403, ErrorCode.forbidden, 'Metrics are for the deployment only: send the METRICS_TOKEN as a bearer token');
    }
    gauges ??= createGauges(meter);
    const { registry } = gauges;
    scraping ??= refresh(gauges, sources, request)
      .then(() => registry.metrics())
      .finally(() => {
        scraping = undefined;
      });
    return reply.type(registry.contentType).send(await scraping);
  });
}

function createGauges(meter: RequestMeter) {
  const client = promClient();
  const registry = new client.Registry();
  // Process CPU, memory, handles, GC and event-loop lag (monitored from the first scrape on).
  client.collectDefaultMetrics({ register: registry });
  for (const metric of meterMetrics(meter)) registry.registerMetric(metric);
  const gauge = <L extends string>(name: string, help: string, labelNames: L[] = []) =>
    new client.Gauge<L>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    sockets: gauge('limelight_sockets_connected', 'Socket.IO connections open on this process'),
    liveSessions: gauge('limelight_live_sessions', 'Live sessions broadcasting now (whole site)'),
    liveViewers: gauge('limelight_live_viewers', 'Signed-in viewers of live sessions now (whole site)'),
    jobs: gauge('limelight_jobs', 'Jobs in the queue by name and status: queued, running, failed (gave up) (whole site)', [
      'name',
      'status',
    ]),
    retrying: gauge('limelight_jobs_retrying', 'Queued jobs that failed at least once and will run again, by name (whole site)', ['name']),
    oldestWaiting: gauge('limelight_jobs_oldest_waiting_seconds', 'Age of the oldest job due and not yet taken, by name (whole site)', [
      'name',
    ]),
    pool: gauge(
      'limelight_db_pool_connections',
      'Database connections of this process by state: total, idle, waiting (requests queued for one)',
      ['state'],
    ),
    ledgerCheckTime: gauge('limelight_ledger_check_timestamp_seconds', 'When the last ledger check finished, 0 if none has (whole site)'),
    ledgerCheckFailed: gauge(
      'limelight_ledger_check_failed',
      'Whether the last ledger check found a broken rule or could not run (1), or found the books sound or has not run (0)',
    ),
    scrapeFailed: gauge(
      'limelight_metrics_database_failed',
      'The database could not be read for this scrape (the whole-site gauges then read 0)',
    ),
  };
}

type JobRow = { name: string; status: string; count: number; retrying: number; oldest: number | null };
type LedgerRow = { status: string; finished: number };

/** Reads what the gauges show now; the database's part is left out, and said so, when it cannot be read. */
async function refresh(gauges: ReturnType<typeof createGauges>, sources: MetricSources, request: FastifyRequest) {
  gauges.sockets.set(sources.sockets());
  const { database } = sources;
  gauges.pool.reset();
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (client instanceof pg.Pool) {
    gauges.pool.set({ state: 'total' }, client.totalCount);
    gauges.pool.set({ state: 'idle' }, client.idleCount);
    gauges.pool.set({ state: 'waiting' }, client.waitingCount);
  } else gauges.pool.set({ state: 'total' }, 1); // PGlite: one session in this process, queries queue inside it

  for (const databaseGauge of [
    gauges.jobs,
    gauges.retrying,
    gauges.oldestWaiting,
    gauges.liveSessions,
    gauges.liveViewers,
    gauges.ledgerCheckTime,
    gauges.ledgerCheckFailed,
  ])
    databaseGauge.reset();
  try {
    const [jobs, live, ledger] = await Promise.all([
      database.db.execute<JobRow>(sql`
        select name, status, count(*)::int as count, count(*) filter (where status = 'queued' and attempts > 0)::int as retrying,
          extract(epoch from now() - min(run_at) filter (where status = 'queued' and run_at <= now()))::float8 as oldest
        from jobs where status in ('queued', 'running', 'failed') group by name, status`),
      database.db.execute<{ sessions: number; viewers: number }>(
        sql`select count(*)::int as sessions, coalesce(sum(viewer_count), 0)::int as viewers from stream_sessions where status = 'live'`,
      ),
      database.db.execute<LedgerRow>(lastLedgerCheck),
    ]);
    for (const row of jobs.rows) {
      gauges.jobs.set({ name: row.name, status: row.status }, row.count);
      if (row.oldest !== null) gauges.oldestWaiting.set({ name: row.name }, row.oldest);
      if (row.retrying) gauges.retrying.set({ name: row.name }, row.retrying);
    }
    gauges.liveSessions.set(live.rows[0]?.sessions ?? 0);
    gauges.liveViewers.set(live.rows[0]?.viewers ?? 0);
    const [lastCheck] = ledger.rows;
    if (lastCheck) {
      gauges.ledgerCheckTime.set(lastCheck.finished);
      gauges.ledgerCheckFailed.set(lastCheck.status === 'failed' ? 1 : 0);
    }
    gauges.scrapeFailed.set(0);
  } catch (error) {
    request.log.warn({ err: error }, 'metrics: the database could not be read');
    gauges.scrapeFailed.set(1);
  }
}
