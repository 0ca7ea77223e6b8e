import { adminPostSearchQuerySchema, listResponseSchema, postSchema, postSearchQuerySchema, savePostSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import * as posts from './service';

const idParams = z.object({ id: z.uuid('must be an id') });

import { requireAdmin } from '../access';

export const postsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/posts/search',
      {
        schema: {
          tags: ['posts'],
          summary: 'List the published site pages and news posts',
          operationId: 'listSitePosts',
          querystring: postSearchQuerySchema,
          response: { 200: listResponseSchema(postSchema) },
        },
      },
      async (request) => posts.searchPosts(deps, request.query, true),
    );

    app.get(
      '/posts/:id',
      {
        schema: {
          tags: ['posts'],
          summary: 'Get a published site page or news post by id or slug',
          operationId: 'getSitePost',
          description: 'A published page by id or slug.',
          params: z.object({ id: z.string().trim().min(1).max(100, 'must be at most 100 characters') }),
          response: { 200: postSchema },
        },
      },
      async (request) => posts.findPost(deps, request.params.id, false),
    );

    app.get(
      '/admin/posts',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List site pages and news posts, drafts included',
          operationId: 'adminListSitePosts',
          querystring: adminPostSearchQuerySchema,
          response: { 200: listResponseSchema(postSchema) },
        },
      },
      async (request) => posts.searchPosts(deps, request.query, false),
    );

    app.get(
      '/admin/posts/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Get a site page or news post, drafts included',
          operationId: 'adminGetSitePost',
          params: idParams,
          response: { 200: postSchema },
        },
      },
      async (request) => posts.findPost(deps, request.params.id, true),
    );

    app.post(
      '/admin/posts',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Create a site page or news post',
          operationId: 'adminCreateSitePost',
          body: savePostSchema,
          response: { 201: postSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await posts.createPost(deps, request.body)),
    );

    app.put(
      '/admin/posts/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Update a site page or news post',
          operationId: 'adminUpdateSitePost',
          params: idParams,
          body: savePostSchema,
          response: { 200: postSchema },
        },
      },
      async (request) => posts.updatePost(deps, request.params.id, request.body),
    );

    app.delete(
      '/admin/posts/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Delete a site page or news post',
          operationId: 'adminDeleteSitePost',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await posts.deletePost(deps, request.params.id);
        return { message: 'Page deleted' };
      },
    );
  };
