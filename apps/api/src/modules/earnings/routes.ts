import {
  type Earning,
  earningQuerySchema,
  earningSchema,
  earningStatsQuerySchema,
  earningStatsSchema,
  formatTokens,
  listResponseSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { sessionOf } from '../../platform/auth';
import { csvPerson, sendCsv } from '../../platform/csv';
import { requireAdmin, requirePerformer } from '../access';
import { earningStats, searchEarnings } from './service';

/** A creator's earnings (spec 7, Earnings) and the admin's view of all of them. */
export const earningsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/performer/earning/search',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['earnings'],
          summary: "List the signed-in creator's earnings",
          operationId: 'listCreatorEarnings',
          querystring: earningQuerySchema,
          response: { 200: listResponseSchema(earningSchema) },
        },
      },
      async (request) => searchEarnings(deps, request.query, sessionOf(request).user.id),
    );
    app.get(
      '/performer/earning/stats',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['earnings'],
          summary: "Get the signed-in creator's earning totals and balances",
          operationId: 'getCreatorEarningStats',
          querystring: earningStatsQuerySchema,
          response: { 200: earningStatsSchema },
        },
      },
      async (request) => earningStats(deps, sessionOf(request).user.id, request.query),
    );
    app.get(
      '/admin/earnings/search',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "List all creators' earnings",
          operationId: 'adminListEarnings',
          querystring: earningQuerySchema,
          response: { 200: listResponseSchema(earningSchema) },
        },
      },
      async (request) => searchEarnings(deps, request.query),
    );
    app.get(
      '/admin/earnings/export.csv',
      {
        preHandler: requireAdmin,
        schema: { tags: ['admin'], summary: 'Export earnings as CSV', operationId: 'adminExportEarnings', querystring: earningQuerySchema },
      },
      async (request, reply) =>
        sendCsv<Earning>(
          reply,
          'earnings.csv',
          [
            ['id', (row) => row._id],
            ['createdAt', (row) => row.createdAt],
            ['creator', (row) => csvPerson(row.performer)],
            ['fan', (row) => csvPerson(row.user)],
            ['source', (row) => row.sourceType],
            ['sourceId', (row) => row.sourceId],
            ['refund', (row) => row.isRefund],
            ['gross', (row) => formatTokens(row.gross)],
            ['commission', (row) => formatTokens(row.commission)],
            ['net', (row) => formatTokens(row.net)],
          ],
          (page) => searchEarnings(deps, { ...request.query, ...page }),
        ),
    );
  };
