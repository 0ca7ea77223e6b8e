import {
  adminSitePromoSearchQuerySchema,
  listResponseSchema,
  saveSitePromoSchema,
  sitePromoSchema,
  sitePromoSearchQuerySchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { multipartForm, readImageUpload } from '../../platform/uploads';
import * as promos from './service';

const idParams = z.object({ id: z.uuid('must be an id') });

import { requireAdmin } from '../access';

export const sitePromosRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/site-promo/search',
      {
        schema: {
          tags: ['site-promo'],
          summary: 'List the live site promo banners',
          operationId: 'listSitePromos',
          description: 'Active banners inside their time window, in the admin’s order.',
          querystring: sitePromoSearchQuerySchema,
          response: { 200: listResponseSchema(sitePromoSchema) },
        },
      },
      async (request) => promos.searchPromos(deps, request.query, true),
    );

    app.get(
      '/admin/site-promos',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List site promo banners, inactive ones included',
          operationId: 'adminListSitePromos',
          querystring: adminSitePromoSearchQuerySchema,
          response: { 200: listResponseSchema(sitePromoSchema) },
        },
      },
      async (request) => promos.searchPromos(deps, request.query, false),
    );

    app.post(
      '/admin/site-promos',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Create a site promo banner',
          operationId: 'adminCreateSitePromo',
          body: saveSitePromoSchema,
          response: { 201: sitePromoSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await promos.createPromo(deps, request.body)),
    );

    app.put(
      '/admin/site-promos/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Update a site promo banner',
          operationId: 'adminUpdateSitePromo',
          params: idParams,
          body: saveSitePromoSchema,
          response: { 200: sitePromoSchema },
        },
      },
      async (request) => promos.updatePromo(deps, request.params.id, request.body),
    );

    app.post(
      '/admin/site-promos/:id/image',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "Replace a site promo banner's image",
          operationId: 'adminUploadSitePromoImage',
          ...multipartForm({ image: { accepts: 'image', required: true } }),
          params: idParams,
          response: { 200: sitePromoSchema },
        },
      },
      async (request) => promos.replacePromoImage(deps, request.params.id, await readImageUpload(request, 'image')),
    );

    app.delete(
      '/admin/site-promos/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Delete a site promo banner',
          operationId: 'adminDeleteSitePromo',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await promos.deletePromo(deps, request.params.id);
        return { message: 'Site promo deleted' };
      },
    );
  };
