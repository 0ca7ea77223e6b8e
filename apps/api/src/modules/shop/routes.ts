import { addressSchema, ErrorCode, listQuerySchema, listResponseSchema, saveAddressSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireRole, sessionOf } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses';

const idParams = z.object({ id: z.uuid('must be an id') });

/**
 * The shop (spec 7: Products, Orders, Addresses; decision 016). The admin's `enableProduct`
 * switches all of it: off, every shop route answers 404 saying so, and the web hides the shop.
 */
export const shopRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async () => {
      if (!deps.settings.get('enableProduct')) throw new AppError(404, ErrorCode.notFound, 'The shop is not open on this site');
    });
    const fan = { preHandler: requireRole('user') };

    app.post(
      '/addresses/create',
      { ...fan, schema: { tags: ['shop'], body: saveAddressSchema, response: { 200: addressSchema } } },
      async (request) => createAddress(deps, sessionOf(request).user, request.body),
    );

    app.put(
      '/addresses/:id',
      { ...fan, schema: { tags: ['shop'], params: idParams, body: saveAddressSchema, response: { 200: addressSchema } } },
      async (request) => updateAddress(deps, sessionOf(request).user, request.params.id, request.body),
    );

    app.get(
      '/addresses/search',
      {
        ...fan,
        schema: { tags: ['shop'], querystring: listQuerySchema(['createdAt']), response: { 200: listResponseSchema(addressSchema) } },
      },
      async (request) => listAddresses(deps, sessionOf(request).user, request.query),
    );

    app.delete(
      '/addresses/:id',
      { ...fan, schema: { tags: ['shop'], params: idParams, response: { 200: z.object({ message: z.string() }) } } },
      async (request) => {
        await deleteAddress(deps, sessionOf(request).user, request.params.id);
        return { message: 'Address deleted' };
      },
    );
  };
