import { buildApp } from './app';
import { loadConfig } from './config';
import { seedDemoData } from './demo/seed';

/** Starts one process that serves the web app, the API and Socket.IO. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  if (config.seedDemo) {
    const logins = await seedDemoData(app.deps.db, config.hashPwClient);
    if (logins.length) {
      app.log.info('Demo accounts created (SEED_DEMO=false turns this off):');
      for (const login of logins) app.log.info(`  ${login.role.padEnd(9)} ${login.login.padEnd(24)} password: ${login.password}`);
    }
  }
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Limelight is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
