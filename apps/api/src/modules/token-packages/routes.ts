import { listResponseSchema, saveTokenPackageSchema, tokenPackageSchema, tokenPackageSearchQuerySchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import * as packages from './service';

const idParams = z.object({ id: z.uuid('must be an id') });

import { requireAdmin } from '../access';

export const tokenPackagesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/package/token/search',
      {
        schema: {
          tags: ['wallet'],
          summary: 'List the token packages on sale',
          operationId: 'listTokenPackages',
          querystring: tokenPackageSearchQuerySchema,
          response: { 200: listResponseSchema(tokenPackageSchema) },
        },
      },
      async (request) => packages.searchPackages(deps, request.query, true),
    );

    app.get(
      '/admin/token-packages',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List token packages, inactive ones included',
          operationId: 'adminListTokenPackages',
          querystring: tokenPackageSearchQuerySchema,
          response: { 200: listResponseSchema(tokenPackageSchema) },
        },
      },
      async (request) => packages.searchPackages(deps, request.query, false),
    );

    app.post(
      '/admin/token-packages',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Create a token package',
          operationId: 'adminCreateTokenPackage',
          body: saveTokenPackageSchema,
          response: { 201: tokenPackageSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await packages.createPackage(deps, request.body)),
    );

    app.put(
      '/admin/token-packages/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Update a token package',
          operationId: 'adminUpdateTokenPackage',
          params: idParams,
          body: saveTokenPackageSchema,
          response: { 200: tokenPackageSchema },
        },
      },
      async (request) => packages.updatePackage(deps, request.params.id, request.body),
    );

    app.delete(
      '/admin/token-packages/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Delete a token package',
          operationId: 'adminDeleteTokenPackage',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await packages.deletePackage(deps, request.params.id);
        return { message: 'Token package deleted' };
      },
    );
  };
