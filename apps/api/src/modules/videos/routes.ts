import {
  listQuerySchema,
  listResponseSchema,
  mediaFileSchema,
  performerVideoQuerySchema,
  removableVideoFiles,
  saveVideoSchema,
  videoBookmarkSchema,
  videoSchema,
  videoSearchQuerySchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { multipartForm } from '../../platform/uploads';
import { requirePerformer } from '../access';
import * as videosService from './service';

const idParams = z.object({ id: z.uuid('must be an id') });
const multipart = {
  ...multipartForm({ video: { accepts: 'video' }, teaser: { accepts: 'video' }, thumbnail: { accepts: 'image' } }, saveVideoSchema),
  description: `Multipart: the fields ${Object.keys(saveVideoSchema.shape).join(', ')}; the files video (MP4, MOV, WebM, AVI), teaser (a short public clip) and thumbnail (an image), each under its own name.`,
};

/** The creator's video library (spec 7, Videos). */
export const videosRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/performer/performer-assets/videos/upload',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['videos'],
          summary: 'Upload a new video as the signed-in creator',
          operationId: 'createVideo',
          ...multipart,
          response: { 200: videoSchema },
        },
      },
      async (request) => videosService.saveVideo(deps, sessionOf(request).user, request),
    );

    app.put(
      '/performer/performer-assets/videos/edit/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['videos'],
          summary: "Update one of the signed-in creator's videos and its files",
          operationId: 'updateVideo',
          ...multipart,
          params: idParams,
          response: { 200: videoSchema },
        },
      },
      async (request) => videosService.saveVideo(deps, sessionOf(request).user, request, request.params.id),
    );

    app.delete(
      '/performer/performer-assets/videos/remove-file/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['videos'],
          summary: "Remove a video's teaser or thumbnail",
          operationId: 'removeVideoFile',
          params: idParams,
          querystring: z.object({ type: z.enum(removableVideoFiles) }),
          response: { 200: videoSchema },
        },
      },
      async (request) => videosService.removeVideoFile(deps, sessionOf(request).user, request.params.id, request.query.type),
    );

    app.delete(
      '/performer/performer-assets/videos/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['videos'],
          summary: "Delete one of the signed-in creator's videos",
          operationId: 'deleteVideo',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await videosService.deleteVideo(deps, sessionOf(request).user, request.params.id);
        return { message: 'Video deleted' };
      },
    );

    app.get(
      '/performer/performer-assets/videos/search',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['videos'],
          summary: "List the signed-in creator's videos, drafts included",
          operationId: 'listOwnVideos',
          querystring: performerVideoQuerySchema,
          response: { 200: listResponseSchema(videoSchema) },
        },
      },
      async (request) => videosService.performerVideos(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/performer/performer-assets/videos/:id/view',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['videos'],
          summary: "Get one of the signed-in creator's videos",
          operationId: 'getOwnVideo',
          params: idParams,
          response: { 200: videoSchema },
        },
      },
      async (request) => videosService.ownVideo(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/performer-assets/videos/search',
      {
        schema: {
          tags: ['videos'],
          summary: "Search videos, optionally one creator's",
          operationId: 'searchVideos',
          querystring: videoSearchQuerySchema,
          response: { 200: listResponseSchema(videoSchema) },
        },
      },
      async (request) => videosService.searchVideos(deps, request.session?.user, request.query),
    );

    app.get(
      '/performer-assets/videos/:id',
      {
        schema: {
          tags: ['videos'],
          summary: 'Get a video as the viewer sees it',
          operationId: 'getVideo',
          params: idParams,
          response: { 200: videoSchema },
        },
      },
      async (request) => videosService.videoForViewer(deps, request.session?.user, request.params.id),
    );

    app.post(
      '/performer-assets/videos/:id/view',
      {
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags: ['videos'],
          summary: "Count a view of a video's page",
          operationId: 'addVideoView',
          params: idParams,
          response: { 200: z.object({ views: z.number().int() }) },
        },
      },
      async (request) => videosService.addView(deps, request.session?.user, request.params.id),
    );

    app.get(
      '/performer-assets/videos/:id/file/:fileId/status',
      {
        schema: {
          tags: ['videos'],
          summary: "Get the processing status of a video's file",
          operationId: 'getVideoFileStatus',
          params: idParams.extend({ fileId: z.uuid('must be an id') }),
          response: { 200: mediaFileSchema },
        },
      },
      async (request) => videosService.videoFileStatus(deps, request.session?.user, request.params.id, request.params.fileId),
    );

    app.get(
      '/reactions/videos/bookmark',
      {
        preHandler: requireUser,
        schema: {
          tags: ['reactions'],
          summary: 'List the videos the signed-in user bookmarked',
          operationId: 'listBookmarkedVideos',
          querystring: listQuerySchema(['createdAt']),
          response: { 200: listResponseSchema(videoBookmarkSchema) },
        },
      },
      async (request) => videosService.bookmarkedVideos(deps, sessionOf(request).user, request.query),
    );
  };
