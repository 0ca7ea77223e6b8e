import {
  accountStandings,
  adminAccountSchema,
  adminDashboardQuerySchema,
  adminDashboardSchema,
  listQuerySchema,
  listResponseSchema,
  queryBoolean,
  standingActionSchema,
  standingRecordSchema,
  verificationStatuses,
  verifyDocumentsSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { auditSourceOf, recordAudit } from '../audit';
import { issueLoginLink } from '../auth';
import { documentHeaders } from '../performers';
import { adminDashboard } from './dashboard';
import * as admin from './service';
import { setAccountStanding, standingHistory } from './standing';

const idParams = z.object({ id: z.uuid('must be an id') });

import { requireAdmin } from '../access';

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireAdmin);

    app.get(
      '/admin/accounts',
      {
        schema: {
          tags: ['admin'],
          querystring: listQuerySchema(['updatedAt', 'createdAt', 'username', 'name']).extend({
            role: z.enum(['user', 'performer']),
            q: z.string().trim().max(100).optional(),
            status: z.enum(['active', 'inactive']).optional(),
            verified: queryBoolean.optional(),
            standing: z.enum(accountStandings).optional(),
            /** Creators by where the review of their documents stands: `pending` is the review queue. */
            verification: z.enum(verificationStatuses).optional(),
          }),
          response: { 200: listResponseSchema(adminAccountSchema) },
        },
      },
      async (request) => admin.searchAccounts(deps, request.query),
    );

    app.get(
      '/admin/dashboard',
      {
        schema: {
          tags: ['admin'],
          description:
            'The operator’s overview over the last 7, 30 or 90 days: figures per day from the ledger and the tables, and the queues waiting.',
          querystring: adminDashboardQuerySchema,
          response: { 200: adminDashboardSchema },
        },
      },
      async (request) => adminDashboard(deps, request.query.days),
    );

    app.put(
      '/admin/accounts/:id/status',
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: z.object({ status: z.enum(['active', 'inactive']) }),
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await admin.setAccountStatus(deps, auditSourceOf(request), request.params.id, request.body.status);
        return { message: request.body.status === 'active' ? 'Account activated' : 'Account deactivated' };
      },
    );

    app.put(
      '/admin/accounts/:id/standing',
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: standingActionSchema,
          response: {
            200: z.object({
              message: z.string(),
              standing: z.enum(accountStandings),
              standingUntil: z.string().nullable(),
            }),
          },
        },
      },
      async (request) => {
        const result = await setAccountStanding(deps, auditSourceOf(request), request.params.id, request.body);
        const messages = { warn: 'Account warned', suspend: 'Account suspended', ban: 'Account banned', restore: 'Account restored' };
        return { message: messages[request.body.action], ...result };
      },
    );

    app.get(
      '/admin/accounts/:id/standing',
      { schema: { tags: ['admin'], params: idParams, response: { 200: z.object({ data: z.array(standingRecordSchema) }) } } },
      async (request) => ({ data: await standingHistory(deps, request.params.id) }),
    );

    app.put(
      '/admin/performers/:id/verify-documents',
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          description:
            'Approves, or rejects with a reason the creator reads (decision 051); `verified: false` alone withdraws a verification.',
          body: verifyDocumentsSchema,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await admin.setDocumentsVerified(deps, auditSourceOf(request), request.params.id, request.body);
        const { verified, reason } = request.body;
        return { message: verified ? 'Documents verified' : reason ? 'Documents rejected' : 'Verification withdrawn' };
      },
    );

    app.get('/admin/documents/:id', { schema: { tags: ['admin'], params: idParams } }, async (request, reply) => {
      const { file, stream } = await admin.openDocument(deps, request.params.id);
      return reply.headers(documentHeaders(file)).send(stream);
    });

    app.post(
      '/admin/accounts/:id/login-link',
      {
        schema: {
          tags: ['admin'],
          params: idParams,
          body: z.object({ redirect: z.string().max(2000).optional() }).optional(),
          response: { 200: z.object({ token: z.string(), url: z.string() }) },
        },
      },
      async (request) => {
        await admin.assertAccountExists(deps, request.params.id);
        await recordAudit(deps.db, auditSourceOf(request), {
          action: 'account.loginLink',
          target: { type: 'user', id: request.params.id },
        });
        return issueLoginLink(deps, request.params.id, request.body?.redirect);
      },
    );
  };
