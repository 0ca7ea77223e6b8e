import {
  type AdminAccount,
  accountStandings,
  adminAccountDetailSchema,
  adminAccountSchema,
  adminAccountUpdateSchema,
  adminDashboardQuerySchema,
  adminDashboardSchema,
  adminEntityDetailSchema,
  adminEntityKinds,
  adminEntityQuerySchema,
  adminEntityRowSchema,
  adminMessageSchema,
  conversationReadSchema,
  createAdminSchema,
  impersonateSchema,
  listQuerySchema,
  listResponseSchema,
  queryBoolean,
  standingActionSchema,
  standingRecordSchema,
  verificationStatuses,
  verifyDocumentsSchema,
  walletAdjustmentResultSchema,
  walletAdjustmentSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { sendCsv } from '../../platform/csv';
import { idempotencyHeaders, intentOf } from '../../platform/idempotency';
import { requireAdmin } from '../access';
import { auditSourceOf, recordAudit } from '../audit';
import { issueLoginLink } from '../auth';
import { documentHeaders } from '../performers';
import * as accounts from './accounts';
import { adminDashboard } from './dashboard';
import * as entities from './entities';
import * as admin from './service';
import { setAccountStanding, standingHistory } from './standing';

const idParams = z.object({ id: z.uuid('must be an id') });
const kindParams = z.object({ kind: z.enum(adminEntityKinds) });
const accountsQuery = listQuerySchema(['updatedAt', 'createdAt', 'username', 'name']).extend({
  role: z.enum(['user', 'performer', 'admin']),
  q: z.string().trim().max(100).optional(),
  status: z.enum(['active', 'inactive']).optional(),
  verified: queryBoolean.optional(),
  standing: z.enum(accountStandings).optional(),
  /** Creators by where the review of their documents stands: `pending` is the review queue. */
  verification: z.enum(verificationStatuses).optional(),
});

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', requireAdmin);

    app.get(
      '/admin/accounts',
      {
        schema: {
          tags: ['admin'],
          summary: 'Search accounts by role, status, verification and standing',
          operationId: 'adminListAccounts',
          querystring: accountsQuery,
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
          summary: "Get the operator's overview of the last 7, 30 or 90 days",
          operationId: 'adminGetDashboard',
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
          summary: 'Activate or deactivate an account',
          operationId: 'adminUpdateAccountStatus',
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
          summary: 'Warn, suspend, ban or restore an account',
          operationId: 'adminUpdateAccountStanding',
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
      {
        schema: {
          tags: ['admin'],
          summary: "List an account's standing history",
          operationId: 'adminListAccountStandingHistory',
          params: idParams,
          response: { 200: z.object({ data: z.array(standingRecordSchema) }) },
        },
      },
      async (request) => ({ data: await standingHistory(deps, request.params.id) }),
    );

    app.put(
      '/admin/performers/:id/verify-documents',
      {
        schema: {
          tags: ['admin'],
          summary: "Approve, reject or withdraw a creator's document verification",
          operationId: 'adminVerifyCreatorDocuments',
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

    app.get(
      '/admin/documents/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Download a creator's identity document",
          operationId: 'adminDownloadCreatorDocument',
          params: idParams,
        },
      },
      async (request, reply) => {
        const { file, stream } = await admin.openDocument(deps, request.params.id);
        return reply.headers(documentHeaders(file)).send(stream);
      },
    );

    app.post(
      '/admin/accounts/:id/login-link',
      {
        schema: {
          tags: ['admin'],
          summary: 'Issue a one-time sign-in link for an account',
          operationId: 'adminCreateAccountLoginLink',
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

    app.get(
      '/admin/accounts/export.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'Export the filtered accounts as CSV',
          operationId: 'adminExportAccounts',
          querystring: accountsQuery,
        },
      },
      async (request, reply) =>
        sendCsv<AdminAccount>(
          reply,
          `accounts-${request.query.role}.csv`,
          [
            ['id', (row) => row._id],
            ['role', (row) => row.role],
            ['name', (row) => row.name],
            ['username', (row) => row.username],
            ['email', (row) => row.email],
            ['status', (row) => row.status],
            ['verifiedEmail', (row) => row.verifiedEmail],
            ['verifiedDocument', (row) => row.verifiedDocument],
            ['createdAt', (row) => row.createdAt],
          ],
          (page) => admin.searchAccounts(deps, { ...request.query, ...page }),
        ),
    );

    app.get(
      '/admin/accounts/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Get an account as the admin edits it',
          operationId: 'adminGetAccount',
          params: idParams,
          response: { 200: adminAccountDetailSchema },
        },
      },
      async (request) => accounts.accountDetail(deps, request.params.id),
    );

    app.patch(
      '/admin/accounts/:id',
      {
        schema: {
          tags: ['admin'],
          summary: "Edit an account's name, username, e-mail, role or commission",
          operationId: 'adminUpdateAccount',
          params: idParams,
          body: adminAccountUpdateSchema,
          response: { 200: adminAccountDetailSchema },
        },
      },
      async (request) => accounts.updateAccount(deps, auditSourceOf(request), request.params.id, request.body),
    );

    app.post(
      '/admin/accounts/:id/wallet-adjustments',
      {
        schema: {
          tags: ['admin'],
          summary: "Credit or debit an account's wallet",
          operationId: 'adminAdjustAccountWallet',
          headers: idempotencyHeaders,
          params: idParams,
          body: walletAdjustmentSchema,
          response: { 200: walletAdjustmentResultSchema },
        },
      },
      async (request) => accounts.adjustAccountWallet(deps, auditSourceOf(request), request.params.id, request.body, intentOf(request)),
    );

    app.post(
      '/admin/accounts/:id/impersonate',
      {
        schema: {
          tags: ['admin'],
          summary: 'Get a link to sign in as an account, giving a reason',
          operationId: 'adminImpersonateAccount',
          params: idParams,
          body: impersonateSchema,
          response: { 200: z.object({ url: z.string() }) },
        },
      },
      async (request) => accounts.impersonate(deps, auditSourceOf(request), request.params.id, request.body.reason),
    );

    app.post(
      '/admin/admins',
      {
        schema: {
          tags: ['admin'],
          summary: 'Create an admin account',
          operationId: 'adminCreateAdmin',
          body: createAdminSchema,
          response: { 201: z.object({ _id: z.string(), message: z.string() }) },
        },
      },
      async (request, reply) => reply.code(201).send(await accounts.createAdmin(deps, auditSourceOf(request), request.body)),
    );

    app.get(
      '/admin/entities/:kind',
      {
        schema: {
          tags: ['admin'],
          summary: 'List the content or records of one kind, filtered',
          operationId: 'adminListEntities',
          params: kindParams,
          querystring: adminEntityQuerySchema,
          response: { 200: listResponseSchema(adminEntityRowSchema) },
        },
      },
      async (request) => entities.listEntities(deps, request.params.kind, request.query),
    );

    app.get(
      '/admin/entities/:kind/export.csv',
      {
        schema: {
          tags: ['admin'],
          summary: 'Export the content or records of one kind as CSV',
          operationId: 'adminExportEntities',
          params: kindParams,
          querystring: adminEntityQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv(reply, `${request.params.kind}.csv`, entities.entityCsvColumns, (page) =>
          entities.listEntities(deps, request.params.kind, { ...request.query, ...page }),
        ),
    );

    app.get(
      '/admin/entities/:kind/:id',
      {
        schema: {
          tags: ['admin'],
          summary: 'Get one item of a kind in detail, with what it holds',
          operationId: 'adminGetEntity',
          params: kindParams.extend({ id: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters') }),
          response: { 200: adminEntityDetailSchema },
        },
      },
      async (request) => entities.entityDetail(deps, request.params.kind, request.params.id),
    );

    app.post(
      '/admin/conversations/:id/read',
      {
        schema: {
          tags: ['admin'],
          summary: "Read a private conversation's messages, giving a reason",
          operationId: 'adminReadConversation',
          params: idParams,
          body: conversationReadSchema,
          response: { 200: z.object({ data: z.array(adminMessageSchema) }) },
        },
      },
      async (request) => ({
        data: await entities.readConversation(deps, auditSourceOf(request), request.params.id, request.body.reason),
      }),
    );
  };
