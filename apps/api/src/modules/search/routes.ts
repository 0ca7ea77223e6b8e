import { listResponseSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import * as search from './service';

/** `lastSearchedAt` is null for a search the admin listed that nobody has made yet. */
const keywordSchema = z.object({ keyword: z.string(), count: z.number().int(), lastSearchedAt: z.string().nullable() });
/** `counted: false`: the search found nobody or carries a blocked word, so it is not kept. */
const recordedSchema = z.object({ keyword: z.string(), counted: z.boolean() });

export const searchRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/search/keywords',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['search'],
          summary: 'Record a search keyword for the popular searches list',
          operationId: 'recordSearchKeyword',
          body: z.object({ keyword: z.string().trim().min(2, 'must be at least 2 characters').max(60, 'must be at most 60 characters') }),
          response: { 200: recordedSchema },
        },
      },
      async (request) => search.recordKeyword(deps, request.body.keyword, request.session?.user, request.ip),
    );

    app.get(
      '/search/list/keywords',
      {
        schema: {
          tags: ['search'],
          summary: 'List popular or recent search keywords',
          operationId: 'listSearchKeywords',
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
