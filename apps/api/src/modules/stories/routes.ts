import {
  listQuerySchema,
  listResponseSchema,
  mediaFileSchema,
  saveStorySchema,
  storyBarItemSchema,
  storySchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { multipartForm } from '../../platform/uploads';
import { requirePerformer } from '../access';
import { uploadMedia } from '../media';
import * as storiesService from './service';

const idParams = z.object({ id: z.uuid('must be an id') });

/** Stories (spec 7): the creator manages them under /stories/performers, fans read /stories/users. */
export const storiesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const media of ['photo', 'video'] as const) {
      app.post(
        `/stories/files/${media}/upload`,
        {
          preHandler: requirePerformer,
          schema: {
            tags: ['stories'],
            summary: `Upload a ${media} for a story as the signed-in creator`,
            operationId: media === 'photo' ? 'uploadStoryPhoto' : 'uploadStoryVideo',
            description: `Multipart: the ${media} under the field name file.`,
            ...multipartForm({ file: { accepts: media === 'photo' ? 'image' : 'video', required: true } }),
            response: { 200: mediaFileSchema },
          },
        },
        async (request) =>
          uploadMedia(
            deps,
            sessionOf(request).user,
            { type: `story-${media}`, media: media === 'photo' ? 'image' : 'video', access: 'protected' },
            request,
          ),
      );
    }

    app.post(
      '/stories/performers',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['stories'],
          summary: 'Post a story as the signed-in creator',
          operationId: 'createStory',
          body: saveStorySchema,
          response: { 200: storySchema },
        },
      },
      async (request) => storiesService.createStory(deps, sessionOf(request).user, request.body),
    );

    app.get(
      '/stories/performers',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['stories'],
          summary: "List the signed-in creator's stories, expired ones too",
          operationId: 'listOwnStories',
          querystring: listQuerySchema(['createdAt']),
          response: { 200: listResponseSchema(storySchema) },
        },
      },
      async (request) => storiesService.myStories(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/stories/performers/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['stories'],
          summary: "Get one of the signed-in creator's stories",
          operationId: 'getOwnStory',
          params: idParams,
          response: { 200: storySchema },
        },
      },
      async (request) => storiesService.ownStory(deps, sessionOf(request).user, request.params.id),
    );

    app.put(
      '/stories/performers/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['stories'],
          summary: "Update a story's text or background colour",
          operationId: 'updateStory',
          params: idParams,
          body: z
            .object({
              text: z.string().trim().max(500, 'must be at most 500 characters'),
              backgroundColor: z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #42b1e8'),
            })
            .partial(),
          response: { 200: storySchema },
        },
      },
      async (request) => storiesService.updateStory(deps, sessionOf(request).user, request.params.id, request.body),
    );

    app.delete(
      '/stories/performers/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['stories'],
          summary: "Delete one of the signed-in creator's stories",
          operationId: 'deleteStory',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await storiesService.deleteStory(deps, sessionOf(request).user, request.params.id);
        return { message: 'Story deleted' };
      },
    );

    app.get(
      '/stories/users',
      {
        preHandler: requireUser,
        schema: {
          tags: ['stories'],
          summary: 'List followed creators with live stories (the story bar)',
          operationId: 'getStoryBar',
          response: { 200: z.array(storyBarItemSchema) },
        },
      },
      async (request) => storiesService.storyBar(deps, sessionOf(request).user),
    );

    app.get(
      '/stories/users/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['stories'],
          summary: "List a creator's live stories",
          operationId: 'listCreatorStories',
          description: "A creator's live stories (the creator's id).",
          params: idParams,
          response: { 200: z.array(storySchema) },
        },
      },
      async (request) => storiesService.creatorStories(deps, sessionOf(request).user, request.params.id),
    );
  };
