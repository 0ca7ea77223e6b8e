import { auditEventSchema, auditQuerySchema, listResponseSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
/** The trail is read here and nowhere written through a route: there is no update or delete (decision 044). */ import { requireAdmin } from '../access';
import { searchAudit } from './service';

export const auditRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/audit',
      {
        preHandler: requireAdmin,
        schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: listResponseSchema(auditEventSchema) } },
      },
      async (request) => searchAudit(deps.db, request.query),
    );
  };
