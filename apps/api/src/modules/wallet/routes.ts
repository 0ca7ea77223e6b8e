import {
  IDEMPOTENCY_HEADER,
  listResponseSchema,
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
import { chargeWallet, searchCharges } from './charges';

/** Wallet charges (spec 7): tips and purchases paid from the wallet. */
export const walletRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/wallet/charges/:type/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['wallet'],
          description: `Pays a tip (id: the creator) or an item (id: the post, video or gallery) from the wallet. Send an ${IDEMPOTENCY_HEADER} header to make retries safe.`,
          params: z.object({ type: z.enum(walletChargeRouteTypes), id: z.uuid('must be an id') }),
          body: walletChargeInputSchema,
          response: { 200: walletChargeResultSchema },
        },
      },
      async (request) => chargeWallet(deps, sessionOf(request).user, request.params.type, request.params.id, request.body, request),
    );

    app.get(
      '/wallet/charges/search',
      {
        preHandler: requireUser,
        schema: { tags: ['wallet'], querystring: walletChargeQuerySchema, response: { 200: listResponseSchema(walletChargeSchema) } },
      },
      async (request) => searchCharges(deps, sessionOf(request).user, request.query),
    );
  };
