import { adminReportQuerySchema, createReportSchema, listResponseSchema, reportSchema, reportStatuses } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { perAccountRateLimit, requireUser, sessionOf } from '../../platform/auth';
import { requireAdmin } from '../access';
import * as reportsService from './service';

const message = z.object({ message: z.string() });

export const reportsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/reports',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(20, '1 hour'),
        schema: { tags: ['reports'], body: createReportSchema, response: { 200: message } },
      },
      async (request) => {
        await reportsService.createReport(deps, sessionOf(request).user, request.body);
        return { message: 'Thank you: an administrator will review your report.' };
      },
    );

    app.get(
      '/admin/reports',
      {
        preHandler: requireAdmin,
        schema: { tags: ['admin'], querystring: adminReportQuerySchema, response: { 200: listResponseSchema(reportSchema) } },
      },
      async (request) => reportsService.searchReports(deps, request.query),
    );

    app.put(
      '/admin/reports/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          params: z.object({ id: z.uuid('must be an id') }),
          body: z.object({ status: z.enum(reportStatuses) }),
          response: { 200: message },
        },
      },
      async (request) => {
        await reportsService.handleReport(deps, sessionOf(request).user, request.params.id, request.body.status);
        return { message: 'Report updated' };
      },
    );
  };
