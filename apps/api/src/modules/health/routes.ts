import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../db/client';
import type { Deps } from '../../deps';

export const healthRoutes =
  (deps: Deps & { databaseKind: string }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
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
  };
