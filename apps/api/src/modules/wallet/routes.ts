import {
  chargeTypes,
  formatTokens,
  IDEMPOTENCY_HEADER,
  listResponseSchema,
  type WalletCharge,
  walletChargeInputSchema,
  walletChargeQuerySchema,
  walletChargeResultSchema,
  walletChargeRouteTypes,
  walletChargeSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { csvPerson, sendCsv } from '../../platform/csv';
import { idempotencyHeaders } from '../../platform/idempotency';
import { typesEnum } from '../../platform/selling';
import { requireAdmin } from '../access';
import { chargeScopeOf, chargeWallet, searchCharges } from './charges';
import { refundCharge } from './refunds';
import { tipGuards } from './tips';

/** Wallet charges (spec 7): tips and purchases paid from the wallet. */
export const walletRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // A charge of any registered seller (the document's types, and a test's seller beside them).
    const charge = walletChargeSchema.extend({ type: typesEnum(chargeTypes, deps.sellables.types) });
    app.post(
      '/wallet/charges/:type/:id',
      {
        preHandler: tipGuards(deps),
        schema: {
          tags: ['wallet'],
          summary: 'Pay a tip or an item from the wallet',
          operationId: 'payTipOrItemFromWallet',
          headers: idempotencyHeaders,
          description: `Pays a tip (id: the creator) or an item (id: the post, video or gallery) from the wallet. Send an ${IDEMPOTENCY_HEADER} header to make retries safe.`,
          params: z.object({ type: typesEnum(walletChargeRouteTypes, deps.sellables.sold), id: z.uuid('must be an id') }),
          body: walletChargeInputSchema,
          response: { 200: walletChargeResultSchema.extend({ charge }) },
        },
      },
      async (request) => chargeWallet(deps, sessionOf(request).user, request.params.type, request.params.id, request.body, request),
    );

    app.get(
      '/wallet/charges/search',
      {
        preHandler: requireUser,
        schema: {
          tags: ['wallet'],
          summary: 'List wallet charges the signed-in fan paid or creator received',
          operationId: 'listWalletCharges',
          querystring: walletChargeQuerySchema,
          response: { 200: listResponseSchema(charge) },
        },
      },
      async (request) => searchCharges(deps, chargeScopeOf(sessionOf(request).user), request.query),
    );

    app.get(
      '/admin/wallet/charges/search',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List all wallet charges',
          operationId: 'adminListWalletCharges',
          querystring: walletChargeQuerySchema,
          response: { 200: listResponseSchema(charge) },
        },
      },
      async (request) => searchCharges(deps, 'all', request.query),
    );
    app.get(
      '/admin/wallet/charges/export.csv',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Export wallet charges as CSV',
          operationId: 'adminExportWalletCharges',
          querystring: walletChargeQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv<WalletCharge>(
          reply,
          'wallet-charges.csv',
          [
            ['id', (row) => row._id],
            ['createdAt', (row) => row.createdAt],
            ['fan', (row) => csvPerson(row.user)],
            ['creator', (row) => csvPerson(row.performer)],
            ['kind', (row) => row.type],
            ['itemId', (row) => row.itemId],
            ['spent', (row) => formatTokens(row.price)],
            ['status', (row) => row.status],
            ['message', (row) => row.message],
          ],
          (page) => searchCharges(deps, 'all', { ...request.query, ...page }),
        ),
    );
    app.post(
      '/admin/wallet/charges/:id/refund',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Refund a wallet charge and take back what it bought',
          operationId: 'adminRefundWalletCharge',
          description:
            'Gives a wallet charge back: the fan gets the tokens back and loses what they bought; the creator gives back the net as far as it is still there.',
          params: z.object({ id: z.uuid('must be an id') }),
          response: { 200: charge },
        },
      },
      async (request) => refundCharge(deps, request.params.id),
    );
  };
