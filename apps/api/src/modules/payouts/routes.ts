import {
  formatMoney,
  formatTokens,
  IDEMPOTENCY_HEADER,
  listResponseSchema,
  type PayoutRequest,
  payoutCalculationSchema,
  payoutQuerySchema,
  payoutRequestInputSchema,
  payoutRequestSchema,
  reviewPayoutSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { csvPerson, sendCsv } from '../../platform/csv';
import { idempotencyHeaders } from '../../platform/idempotency';
import { requireAdmin, requirePerformer } from '../access';
import { payoutBalance } from '../earnings';
import { assertFreshSecondFactor } from '../two-factor';
import { createPayoutRequest, payoutFor, pendingPayout, reviewPayoutRequest, searchPayouts, updatePayoutRequest } from './service';

const idParams = z.object({ id: z.uuid('must be an id') });

/** Payout requests (spec 7, Payouts): the creator asks, the admin decides. */
export const payoutsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/payout-requests/calculate',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['payouts'],
          summary: "Get the signed-in creator's balance available for payout",
          operationId: 'calculatePayoutBalance',
          response: { 200: payoutCalculationSchema },
        },
      },
      async (request) => payoutBalance(deps, sessionOf(request).user.id),
    );
    app.get(
      '/payout-requests/search',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['payouts'],
          summary: "List the signed-in creator's payout requests",
          operationId: 'listCreatorPayoutRequests',
          querystring: payoutQuerySchema.omit({ performerId: true }),
          response: { 200: listResponseSchema(payoutRequestSchema) },
        },
      },
      async (request) => searchPayouts(deps, request.query, sessionOf(request).user.id),
    );
    app.post(
      '/payout-requests',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['payouts'],
          summary: "Request a payout of the signed-in creator's earnings",
          operationId: 'createPayoutRequest',
          headers: idempotencyHeaders,
          description: `Asks for a payout; the amount goes on hold. Send an ${IDEMPOTENCY_HEADER} header to make retries safe.`,
          body: payoutRequestInputSchema,
          response: { 200: payoutRequestSchema },
        },
      },
      async (request) => {
        await assertFreshSecondFactor(deps, request);
        return createPayoutRequest(deps, sessionOf(request).user, request.body, request);
      },
    );
    app.put(
      '/payout-requests/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['payouts'],
          summary: "Change the signed-in creator's pending payout request",
          operationId: 'updatePayoutRequest',
          params: idParams,
          body: payoutRequestInputSchema,
          response: { 200: payoutRequestSchema },
        },
      },
      async (request) => {
        await assertFreshSecondFactor(deps, request);
        return updatePayoutRequest(deps, sessionOf(request).user, request.params.id, request.body);
      },
    );
    app.get(
      '/payout-requests/:id/view',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payouts'],
          summary: 'Get a payout request as its creator or an admin',
          operationId: 'getPayoutRequest',
          params: idParams,
          response: { 200: payoutRequestSchema },
        },
      },
      async (request) => payoutFor(deps, sessionOf(request).user, request.params.id),
    );
    app.get(
      '/payout-requests/check/pending-review',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['payouts'],
          summary: "Get the signed-in creator's payout request pending review",
          operationId: 'getPendingPayoutRequest',
          response: { 200: z.object({ hasPending: z.boolean(), request: payoutRequestSchema.nullable() }) },
        },
      },
      async (request) => pendingPayout(deps, sessionOf(request).user),
    );

    app.get(
      '/admin/payout-requests/search',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List payout requests',
          operationId: 'adminListPayoutRequests',
          querystring: payoutQuerySchema,
          response: { 200: listResponseSchema(payoutRequestSchema) },
        },
      },
      async (request) => searchPayouts(deps, request.query),
    );
    app.get(
      '/admin/payout-requests/export.csv',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Export payout requests as CSV',
          operationId: 'adminExportPayoutRequests',
          querystring: payoutQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv<PayoutRequest>(
          reply,
          'payouts.csv',
          [
            ['id', (row) => row._id],
            ['createdAt', (row) => row.createdAt],
            ['creator', (row) => csvPerson(row.performer)],
            ['amount', (row) => formatTokens(row.amount)],
            // What the creator is paid, as the console shows it: tokens at the rate of the request.
            ['toPay', (row) => formatMoney(row.amount * row.tokenConversionRate)],
            ['method', (row) => row.paymentAccountType],
            ['status', (row) => row.status],
            ['requestNote', (row) => row.requestNote],
            ['adminNote', (row) => row.adminNote],
            ['updatedAt', (row) => row.updatedAt],
          ],
          (page) => searchPayouts(deps, { ...request.query, ...page }),
        ),
    );
    app.put(
      '/admin/payout-requests/:id/status',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Approve, reject or mark paid a payout request',
          operationId: 'adminReviewPayoutRequest',
          params: idParams,
          body: reviewPayoutSchema,
          response: { 200: payoutRequestSchema },
        },
      },
      async (request) => reviewPayoutRequest(deps, sessionOf(request).user, request.params.id, request.body),
    );
  };
