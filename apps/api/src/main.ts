import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoContent } from './demo/content';
import { seedDemoData } from './demo/seed';

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * `--worker` (`npm run worker`): a process for the background jobs of a deployment whose API
 * processes run with JOBS_CONCURRENCY=0. It ingests no RTMP and seeds nothing; it still answers
 * HTTP on PORT for its health probes and /metrics, and the load balancer sends it no traffic.
 */
const asWorker = process.argv.includes('--worker');

function configOfThisProcess() {
  const config = loadConfig();
  if (!asWorker) return config;
  if (!config.databaseUrl) throw new Error('A worker shares the database with the API processes: set DATABASE_URL (and REDIS_URL)');
  if (config.jobsConcurrency === 0)
    throw new Error('A worker with JOBS_CONCURRENCY=0 would take no jobs: leave it unset or set it above 0');
  return { ...config, rtmpPort: undefined, seedDemo: false };
}

/** Starts one process that serves the web app, the API and Socket.IO (or, with --worker, the jobs). */
async function main() {
  const started = performance.now();
  const config = configOfThisProcess();
  const app = await buildApp(config);
  const demo = config.seedDemo ? await seedDemo(app) : null;
  // A drain (app.ts preClose): no new requests, the ones under way answered, running jobs
  // finished, sockets and live sessions closed, then the database. Whatever is still going a
  // second after the grace period (a job that runs on) is left to the next process: the job's
  // claim runs out and another process takes it over.
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, draining`);
    const started = performance.now();
    setTimeout(() => {
      app.log.error(`Shutdown still not done ${config.shutdownGraceMs + 1000} ms after ${signal}: exiting with work unfinished`);
      process.exit(1);
    }, config.shutdownGraceMs + 1000).unref();
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
    app.log.info(`Drained in ${Math.round(performance.now() - started)} ms`);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    asWorker ? `Limelight worker is taking jobs (${config.jobsConcurrency} at a time)` : `Limelight is running at ${config.publicUrl}`,
  );
  if (demo) {
    // Audio and video finish in the background while the site serves (their posts say "processing").
    const { files, failed } = await demo.mediaReady();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (failed) app.log.warn(`Demo content ready ${seconds} s after start, but ${failed} of ${files} files failed to process`);
    else app.log.info(`Demo content ready ${seconds} s after start (${files} files)`);
  }
}

/**
 * A first start on an empty database (decision 026): the demo accounts, then the demo content.
 * Content that cannot be made is logged, and the site starts without it rather than not at all.
 */
async function seedDemo(app: App) {
  const logins = await seedDemoData(app.deps.db, app.deps.config.hashPwClient);
  if (!logins.length) return null;
  app.log.info('First start: creating the demo content (SEED_DEMO=false turns this off)…');
  const content = await seedDemoContent(app).catch((error: unknown) => {
    app.log.error({ err: error }, 'The demo content could not be created');
    return null;
  });
  app.log.info('Demo accounts:');
  for (const login of [...logins, ...(content?.logins ?? [])]) {
    app.log.info(`  ${login.role.padEnd(9)} ${login.login.padEnd(24)} password: ${login.password}`);
  }
  return content;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
