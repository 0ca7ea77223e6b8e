import { type AuditEvent, auditEventSchema, auditQuerySchema, listResponseSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { sendCsv } from '../../platform/csv';
import { requireAdmin } from '../access';
import { searchAudit } from './service';

export const auditRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/audit',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Search the audit trail',
          operationId: 'adminListAuditEvents',
          querystring: auditQuerySchema,
          response: { 200: listResponseSchema(auditEventSchema) },
        },
      },
      async (request) => searchAudit(deps.db, request.query),
    );

    app.get(
      '/admin/audit/export.csv',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Export the audit trail as CSV',
          operationId: 'adminExportAuditEvents',
          querystring: auditQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv<AuditEvent>(
          reply,
          'audit.csv',
          [
            ['id', (row) => row._id],
            ['createdAt', (row) => row.createdAt],
            ['actor', (row) => row.actorName],
            ['actorId', (row) => row.actorId],
            ['actorRole', (row) => row.actorRole],
            ['action', (row) => row.action],
            ['targetType', (row) => row.targetType],
            ['targetId', (row) => row.targetId],
            ['reason', (row) => row.reason],
            ['details', (row) => JSON.stringify(row.details)],
            ['ip', (row) => row.ip],
            ['userAgent', (row) => row.userAgent],
          ],
          (page) => searchAudit(deps.db, { ...request.query, ...page }),
        ),
    );
  };
