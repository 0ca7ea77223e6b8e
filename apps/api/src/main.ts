import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoContent } from './demo/content';
import { seedDemoData } from './demo/seed';

type App = Awaited<ReturnType<typeof buildApp>>;

/** Starts one process that serves the web app, the API and Socket.IO. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const app = await buildApp(config);
  const demo = config.seedDemo ? await seedDemo(app) : null;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Limelight is running at ${config.publicUrl}`);
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
