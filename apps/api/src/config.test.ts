import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('runs on embedded defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/limelight' });
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/limelight/data',
      databaseUrl: undefined,
      redisUrl: undefined,
      seedDemo: true,
      hashPwClient: false,
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.sessionTtlSeconds).toBe(86_400);
    expect(config.rememberSessionTtlSeconds).toBe(365 * 86_400);
  });

  it('honours PORT, DATA_DIR, DATABASE_URL and REDIS_URL', () => {
    const config = loadConfig({
      INIT_CWD: '/srv',
      PORT: '8080',
      DATA_DIR: '/var/lib/limelight',
      DATABASE_URL: 'postgres://db/limelight',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/limelight',
      databaseUrl: 'postgres://db/limelight',
      redisUrl: 'redis://cache:6379',
    });
  });

  it('seeds demo data into a server database only when asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('takes HASH_PW_CLIENT only when it is exactly true', () => {
    expect(loadConfig({ HASH_PW_CLIENT: 'true' }).hashPwClient).toBe(true);
    expect(loadConfig({ HASH_PW_CLIENT: 'yes' }).hashPwClient).toBe(false);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT: .*\n.*DATABASE_URL: must be a postgres:\/\/ URL/s,
    );
  });
});
