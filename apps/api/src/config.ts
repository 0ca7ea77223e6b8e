import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3Options } from './platform/s3-storage';

const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const httpUrl = z
  .string()
  .regex(/^https?:\/\//, 'must be an http(s) URL')
  .transform((url) => url.replace(/\/$/, ''));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every environment variable the API reads, parsed once at start. README lists them. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Key for secrets kept at rest (TOTP seeds, decision 048); without it the key lives in the database. */
  SECRET_BOX_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// URL')
    .optional(),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  HASH_PW_CLIENT: z
    .string()
    .default('false')
    .transform((value) => value === 'true'),
  SEED_DEMO: flag.optional(),
  /** Admins must enrol a second factor before anything else (decision 048); on unless set to false. */
  REQUIRE_ADMIN_2FA: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(24 * 60 * 60),
  REMEMBER_SESSION_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(365 * 24 * 60 * 60),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  SOCKET_EVENT_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  TRUST_PROXY: flag.default(false),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: httpUrl.optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  SANDBOX_PAYMENTS: flag.optional(),
  JOBS_CONCURRENCY: z.coerce.number().int().min(0).max(32).default(4),
  // ffmpeg is the heavy work: half the cores by default, so requests keep the rest.
  MEDIA_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(32)
    .default(Math.max(1, Math.floor(os.availableParallelism() / 2))),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  // RTMP ingest for OBS and similar tools; `off` turns it off, 0 takes any free port (tests).
  RTMP_PORT: z
    .union([z.literal('off'), z.coerce.number().int().min(0).max(65535)], { error: 'must be a port number or off' })
    .default(1935),
  // Live broadcasts that need their video re-encoded (not H.264) at once: each takes about a core.
  LIVE_MAX_TRANSCODES: z.coerce.number().int().min(0).max(32).default(1),
  // Outside providers; tests point these at local fakes.
  GOOGLE_BASE_URL: httpUrl.optional(),
  TWITTER_BASE_URL: httpUrl.default('https://api.twitter.com'),
  RECAPTCHA_BASE_URL: httpUrl.default('https://www.google.com'),
  STRIPE_API_BASE: httpUrl.optional(),
  /** Bearer token a scraper of /metrics must send; without one only direct loopback and private addresses may (decision 058). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How often one process of the site checks the ledger (decision 058); 0 turns the scheduled check off. */
  LEDGER_CHECK_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  // OpenTelemetry's standard variables; the SDK reads them itself (telemetry.ts), tracing is on when an endpoint is set.
  OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
});
/** The names of every variable the API reads (the deployment files are checked against them). */
export const configVariables: readonly string[] = Object.keys(envSchema.shape);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  secretBoxKey?: string;
  /** Admins must have a second factor (decision 048). */
  requireAdminSecondFactor: boolean;
  publicUrl: string;
  hashPwClient: boolean;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Human-readable logs; JSON (one object a line, for log shippers) unless in a terminal. */
  prettyLogs: boolean;
  sessionTtlSeconds: number;
  rememberSessionTtlSeconds: number;
  authRateLimitPerMinute: number;
  /** Multiplies every socket event's allowance (a load test or a fuzzer raises it; 1 in production). */
  socketEventLimitScale: number;
  trustProxy: boolean;
  /**
   * The sandbox card gateway (test cards, no money moves). On for the embedded quick start;
   * with a real database only when asked for, so a production site cannot sell free tokens.
   */
  sandboxPayments: boolean;
  /** Background jobs (mail, renewals) each process runs at once; 0 leaves every job, media too, to others. */
  jobsConcurrency: number;
  /** Audio and video processing jobs each working process runs at once (they share its cores). */
  mediaConcurrency: number;
  /** Uploads go to this S3 bucket when set; else to DATA_DIR/storage. */
  s3?: S3Options;
  webDistDir: string;
  /** Where OBS publishes (`rtmp://host:port/live/{streamKey}`); undefined: no RTMP ingest in this process. */
  rtmpPort?: number;
  /** Live broadcasts re-encoded at once (browsers that record VP8, RTMP that is not H.264); copies are not counted. */
  liveMaxTranscodes: number;
  google: { authorizeUrl: string; tokenUrl: string; certsUrl: string };
  twitterBaseUrl: string;
  recaptchaVerifyUrl: string;
  /** Stripe's API host; none is Stripe itself (tests point it at a local fake). */
  stripeApiBase?: string;
  /**
   * A private show's billed minute and how long a party may be away before it ends (decision 025):
   * a minute and 30 s, not read from the environment; tests shorten them to run in seconds.
   */
  privateShow: { minuteMs: number; graceMs: number };
  /**
   * How long a shutdown waits for requests still being answered (a viewer's stalled segment
   * download, a half-sent upload) before cutting their connections: 10 s, inside the 30 s an
   * orchestrator gives before killing; tests shorten it.
   */
  shutdownGraceMs: number;
  /** Scrapers of /metrics must send this bearer token when set (decision 058). */
  metricsToken?: string;
  /** Between scheduled ledger checks; 0: none. */
  ledgerCheckIntervalMs: number;
  /** Traces go to an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT): the jobs and ffmpeg runs get spans of their own. */
  tracing: boolean;
};

/**
 * Parses the environment. Relative paths resolve against the directory `npm` was started in
 * (INIT_CWD), so `DATA_DIR=./data npm start` means the same folder from any workspace script.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const baseDir = env.INIT_CWD ?? process.cwd();
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    secretBoxKey: e.SECRET_BOX_KEY,
    requireAdminSecondFactor: e.REQUIRE_ADMIN_2FA ?? true,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    hashPwClient: e.HASH_PW_CLIENT,
    // Demo accounts are for the embedded quick start; a real database gets them only on request.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    prettyLogs: e.LOG_FORMAT ? e.LOG_FORMAT === 'pretty' : !!process.stdout.isTTY,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    rememberSessionTtlSeconds: e.REMEMBER_SESSION_TTL_SECONDS,
    authRateLimitPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
    socketEventLimitScale: e.SOCKET_EVENT_LIMIT_SCALE,
    trustProxy: e.TRUST_PROXY,
    sandboxPayments: e.SANDBOX_PAYMENTS ?? !e.DATABASE_URL,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    mediaConcurrency: e.MEDIA_CONCURRENCY,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? !!e.S3_ENDPOINT,
        }
      : undefined,
    webDistDir: path.resolve(baseDir, e.WEB_DIST_DIR),
    rtmpPort: e.RTMP_PORT === 'off' ? undefined : e.RTMP_PORT,
    liveMaxTranscodes: e.LIVE_MAX_TRANSCODES,
    google: googleEndpoints(e.GOOGLE_BASE_URL),
    twitterBaseUrl: e.TWITTER_BASE_URL,
    recaptchaVerifyUrl: `${e.RECAPTCHA_BASE_URL}/recaptcha/api/siteverify`,
    stripeApiBase: e.STRIPE_API_BASE,
    privateShow: { minuteMs: 60_000, graceMs: 30_000 },
    shutdownGraceMs: 10_000,
    metricsToken: e.METRICS_TOKEN,
    ledgerCheckIntervalMs: e.LEDGER_CHECK_INTERVAL_MINUTES * 60_000,
    tracing: !!(e.OTEL_EXPORTER_OTLP_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT),
  };
}

/** Google serves sign-in from three hosts; a base URL (a local fake) stands in for all of them. */
export function googleEndpoints(baseUrl: string | undefined): Config['google'] {
  return {
    authorizeUrl: `${baseUrl ?? 'https://accounts.google.com'}/o/oauth2/v2/auth`,
    tokenUrl: `${baseUrl ?? 'https://oauth2.googleapis.com'}/token`,
    certsUrl: `${baseUrl ?? 'https://www.googleapis.com'}/oauth2/v3/certs`,
  };
}
