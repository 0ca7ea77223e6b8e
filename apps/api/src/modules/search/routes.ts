import { listResponseSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import * as search from './service';

const keywordSchema = z.object({ keyword: z.string(), count: z.number().int(), lastSearchedAt: z.string() });

export const searchRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/search/keywords',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['search'],
          body: z.object({ keyword: z.string().trim().min(2, 'must be at least 2 characters').max(60, 'must be at most 60 characters') }),
          response: { 200: keywordSchema },
        },
      },
      async (request) => search.recordKeyword(deps, request.body.keyword),
    );

    app.get(
      '/search/list/keywords',
      {
        schema: {
          tags: ['search'],
          querystring: z.object({
            sortBy: z.enum(['popular', 'recent']).default('popular'),
            limit: z.coerce.number().int().min(1).max(50).default(10),
          }),
          response: { 200: listResponseSchema(keywordSchema) },
        },
      },
      async (request) => search.listKeywords(deps, request.query.sortBy, request.query.limit),
    );
  };
