import {
  createPollSchema,
  type FeedFileKind,
  feedBookmarkSchema,
  feedFileKinds,
  feedPageQuerySchema,
  feedPageSchema,
  feedSchema,
  listQuerySchema,
  listResponseSchema,
  mediaFileSchema,
  performerFeedQuerySchema,
  pollSchema,
  saveFeedSchema,
  voteSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { multipartForm } from '../../platform/uploads';
import { requirePerformer } from '../access';
import { type UploadKind, uploadMedia } from '../media';
import { createPoll } from './polls';
import * as feedsService from './service';

const idParams = z.object({ id: z.uuid('must be an id') });

/** What each post upload becomes; the thumbnail and teaser are public by design. */
const feedUploadKinds: Record<FeedFileKind, UploadKind> = {
  photo: { type: 'feed-photo', media: 'image', access: 'protected' },
  video: { type: 'feed-video', media: 'video', access: 'protected' },
  audio: { type: 'feed-audio', media: 'audio', access: 'protected' },
  thumbnail: { type: 'feed-thumbnail', media: 'image', access: 'public' },
  teaser: { type: 'feed-teaser', media: 'video', access: 'public' },
};
const message = z.object({ message: z.string() });

/** Posts (spec 7, Feeds): the creator's side under /performer/feeds, the fans' under /user/feeds. */
export const feedsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of feedFileKinds) {
      app.post(
        `/performer/feeds/${kind}/upload`,
        {
          preHandler: requirePerformer,
          schema: {
            tags: ['feeds'],
            summary: `Upload a post ${kind} as the signed-in creator`,
            operationId: `uploadFeed${kind.charAt(0).toUpperCase()}${kind.slice(1)}`,
            description: `Multipart: the ${kind} under the field name file. Images are ready at once; audio and video report processing until done.`,
            ...multipartForm({ file: { accepts: feedUploadKinds[kind].media, required: true } }),
            response: { 200: mediaFileSchema },
          },
        },
        async (request) => uploadMedia(deps, sessionOf(request).user, feedUploadKinds[kind], request),
      );
    }

    app.post(
      '/performer/feeds/polls',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['feeds'],
          summary: 'Create a poll for a post as the signed-in creator',
          operationId: 'createFeedPoll',
          body: createPollSchema,
          response: { 200: pollSchema },
        },
      },
      async (request) => createPoll(deps, sessionOf(request).user, request.body),
    );

    app.post(
      '/performer/feeds',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['feeds'],
          summary: 'Create a post as the signed-in creator',
          operationId: 'createFeed',
          body: saveFeedSchema,
          response: { 200: feedSchema },
        },
      },
      async (request) => feedsService.saveFeed(deps, sessionOf(request).user, request.body),
    );

    app.get(
      '/performer/feeds',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['feeds'],
          summary: "List the signed-in creator's own posts, scheduled ones included",
          operationId: 'listOwnFeeds',
          querystring: performerFeedQuerySchema,
          response: { 200: listResponseSchema(feedSchema) },
        },
      },
      async (request) => feedsService.performerFeeds(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/performer/feeds/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['feeds'],
          summary: "Get one of the signed-in creator's own posts",
          operationId: 'getOwnFeed',
          params: idParams,
          response: { 200: feedSchema },
        },
      },
      async (request) => feedsService.feedForOwner(deps, sessionOf(request).user, request.params.id),
    );

    app.put(
      '/performer/feeds/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['feeds'],
          summary: "Update one of the signed-in creator's posts",
          operationId: 'updateFeed',
          params: idParams,
          body: saveFeedSchema,
          response: { 200: feedSchema },
        },
      },
      async (request) => feedsService.saveFeed(deps, sessionOf(request).user, request.body, request.params.id),
    );

    app.delete(
      '/performer/feeds/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['feeds'],
          summary: "Delete one of the signed-in creator's posts",
          operationId: 'deleteFeed',
          params: idParams,
          response: { 200: message },
        },
      },
      async (request) => {
        await feedsService.deleteFeed(deps, sessionOf(request).user, request.params.id);
        return { message: 'Post deleted' };
      },
    );

    app.get(
      '/user/feeds',
      {
        preHandler: requireUser,
        schema: {
          tags: ['feeds'],
          summary: "Get the signed-in user's home timeline of posts",
          operationId: 'getHomeTimeline',
          description: 'The home timeline: posts of creators the user follows or subscribes to, newest first.',
          querystring: feedPageQuerySchema,
          response: { 200: feedPageSchema },
        },
      },
      async (request) => feedsService.timeline(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/user/feeds/search/:username',
      {
        schema: {
          tags: ['feeds'],
          summary: "List a creator's posts by username or id",
          operationId: 'listCreatorFeeds',
          description: "A creator's posts (by username or id), pinned first, then newest.",
          params: z.object({ username: z.string().trim().min(1).max(100, 'must be at most 100 characters') }),
          querystring: feedPageQuerySchema,
          response: { 200: feedPageSchema },
        },
      },
      async (request) => feedsService.creatorFeeds(deps, request.session?.user, request.params.username, request.query),
    );

    app.get(
      '/user/feeds/:id',
      { schema: { tags: ['feeds'], summary: 'Get a post', operationId: 'getFeed', params: idParams, response: { 200: feedSchema } } },
      async (request) => feedsService.feedForViewer(deps, request.session?.user, request.params.id),
    );

    app.post(
      '/user/feeds/vote/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['feeds'],
          summary: "Vote in a post's poll",
          operationId: 'voteInFeedPoll',
          params: idParams,
          body: voteSchema,
          response: { 200: feedSchema },
        },
      },
      async (request) => feedsService.voteInFeed(deps, sessionOf(request).user, request.params.id, request.body.optionId),
    );

    app.get(
      '/user/feeds/:id/file/:fileId/status',
      {
        schema: {
          tags: ['feeds'],
          summary: "Get the processing status of a post's file",
          operationId: 'getFeedFileStatus',
          params: idParams.extend({ fileId: z.uuid('must be an id') }),
          response: { 200: mediaFileSchema },
        },
      },
      async (request) => feedsService.feedFileStatus(deps, request.session?.user, request.params.id, request.params.fileId),
    );

    app.get(
      '/reactions/feeds/bookmark',
      {
        preHandler: requireUser,
        schema: {
          tags: ['reactions'],
          summary: 'List the posts the signed-in user bookmarked',
          operationId: 'listBookmarkedFeeds',
          querystring: listQuerySchema(['createdAt']),
          response: { 200: listResponseSchema(feedBookmarkSchema) },
        },
      },
      async (request) => feedsService.bookmarkedFeeds(deps, sessionOf(request).user, request.query),
    );
  };
