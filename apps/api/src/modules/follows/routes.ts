import { followerSchema, followingSchema, listQuerySchema, listResponseSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { requirePerformer } from '../access';
import * as followsService from './service';

const performerParams = z.object({ id: z.uuid('must be a creator id') });
const page = listQuerySchema(['createdAt']);
const done = z.object({ followed: z.boolean() });

export const followsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/follows/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['follows'],
          summary: 'Follow a creator',
          operationId: 'followCreator',
          params: performerParams,
          response: { 200: done },
        },
      },
      async (request) => {
        await followsService.follow(deps, sessionOf(request).user, request.params.id);
        return { followed: true };
      },
    );

    app.delete(
      '/follows/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['follows'],
          summary: 'Unfollow a creator',
          operationId: 'unfollowCreator',
          params: performerParams,
          response: { 200: done },
        },
      },
      async (request) => {
        await followsService.unfollow(deps, sessionOf(request).user, request.params.id);
        return { followed: false };
      },
    );

    app.get(
      '/follows/followers',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['follows'],
          summary: "List the signed-in creator's followers",
          operationId: 'listCreatorFollowers',
          querystring: page,
          response: { 200: listResponseSchema(followerSchema) },
        },
      },
      async (request) => followsService.followers(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/follows/following',
      {
        preHandler: requireUser,
        schema: {
          tags: ['follows'],
          summary: 'List the creators the signed-in account follows',
          operationId: 'listFollowedCreators',
          querystring: page,
          response: { 200: listResponseSchema(followingSchema) },
        },
      },
      async (request) => followsService.following(deps, sessionOf(request).user, request.query),
    );
  };
