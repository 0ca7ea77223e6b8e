import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { pingDatabase } from '../../db/client';
import type { Deps } from '../../deps';

/** A readiness probe answers well inside a load balancer's usual 2 s timeout, whatever hangs. */
const CHECK_TIMEOUT_MS = 1_000;

const checkState = z.enum(['ok', 'down']);
const readiness = (...status: ['ok', 'degraded'] | ['unavailable']) =>
  z.object({
    status: z.enum(status),
    checks: z.object({ database: checkState, redis: checkState.optional() }),
  });

/** Whether `probe` succeeds within the check timeout. */
async function passes(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('health check timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes =
  (deps: Deps & { databaseKind: string; redis?: Redis }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Check that the API is up and reaches its database',
          operationId: 'getHealth',
          response: {
            200: z.object({ status: z.literal('ok'), database: z.string() }),
            503: z.object({ status: z.literal('unavailable'), database: z.string() }),
          },
        },
      },
      async (_request, reply) => {
        try {
          await pingDatabase(deps.db);
          return { status: 'ok' as const, database: deps.databaseKind };
        } catch (error) {
          deps.log.error({ err: error }, 'health check: database unreachable');
          return reply.status(503).send({ status: 'unavailable' as const, database: deps.databaseKind });
        }
      },
    );

    // Liveness: the process runs and its event loop turns. It asks no dependency, so an
    // orchestrator does not restart every process when the database is away (decision 057).
    app.get(
      '/health/live',
      {
        schema: {
          tags: ['health'],
          summary: 'Check that the process is alive (liveness probe)',
          operationId: 'getLiveness',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({
        status: 'ok' as const,
      }),
    );

    // Readiness: whether this process can serve now, naming what is down, so that a load balancer
    // sends traffic elsewhere meanwhile (503 without the database). Redis is checked when the site
    // has one: without it a process still serves, falling back (200, "degraded"), and taking every
    // process out of the balancer because a shared Redis is down would turn a nuisance into an outage.
    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Check whether the process can serve traffic (readiness probe)',
          operationId: 'getReadiness',
          response: { 200: readiness('ok', 'degraded'), 503: readiness('unavailable') },
        },
      },
      async (_request, reply) => {
        const { redis } = deps;
        const [database, redisUp] = await Promise.all([
          passes(() => pingDatabase(deps.db)),
          redis ? passes(() => (redis.status === 'ready' ? redis.ping() : Promise.reject(new Error(redis.status)))) : undefined,
        ]);
        const checks = {
          database: database ? ('ok' as const) : ('down' as const),
          ...(redisUp === undefined ? {} : { redis: redisUp ? ('ok' as const) : ('down' as const) }),
        };
        if (database) return { status: redisUp === false ? ('degraded' as const) : ('ok' as const), checks };
        return reply.status(503).send({ status: 'unavailable' as const, checks });
      },
    );
  };
