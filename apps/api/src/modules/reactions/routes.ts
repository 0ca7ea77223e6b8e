import { listQuerySchema, listResponseSchema, performerBookmarkSchema, reactionSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import * as reactionsService from './service';

const page = listQuerySchema(['createdAt']);

export const reactionsRoutes =
  (deps: Deps, targets: reactionsService.ReactionTargets): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/reactions',
      {
        preHandler: requireUser,
        schema: {
          tags: ['reactions'],
          summary: 'Like or bookmark an item',
          operationId: 'addReaction',
          body: reactionSchema,
          response: { 200: reactionSchema },
        },
      },
      async (request) => {
        await reactionsService.react(deps, targets, sessionOf(request).user, request.body);
        return request.body;
      },
    );

    app.delete(
      '/reactions',
      {
        preHandler: requireUser,
        schema: {
          tags: ['reactions'],
          summary: 'Remove a like or bookmark from an item',
          operationId: 'removeReaction',
          body: reactionSchema,
          response: { 200: reactionSchema },
        },
      },
      async (request) => {
        await reactionsService.unreact(deps, targets, sessionOf(request).user, request.body);
        return request.body;
      },
    );

    app.get(
      '/reactions/performers/bookmark',
      {
        preHandler: requireUser,
        schema: {
          tags: ['reactions'],
          summary: 'List the creators the signed-in user bookmarked',
          operationId: 'listBookmarkedCreators',
          querystring: page,
          response: { 200: listResponseSchema(performerBookmarkSchema) },
        },
      },
      async (request) => reactionsService.bookmarkedPerformers(deps, sessionOf(request).user, request.query),
    );
  };
