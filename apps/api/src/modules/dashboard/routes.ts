import { creatorDashboardSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { sessionOf } from '../../platform/auth';
import { requirePerformer } from '../access';
import { creatorDashboard } from './service';

/** The creator's overview, their landing from `/` (decision 028). */
export const dashboardRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/performer/dashboard',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['earnings'],
          summary: "Get the signed-in creator's dashboard overview",
          operationId: 'getCreatorDashboard',
          response: { 200: creatorDashboardSchema },
        },
      },
      async (request) => creatorDashboard(deps, sessionOf(request).user.id),
    );
  };
