import {
  commentObjectTypes,
  commentQuerySchema,
  commentSchema,
  createCommentSchema,
  listResponseSchema,
  updateCommentSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { perAccountRateLimit, requireUser, sessionOf } from '../../platform/auth';
import { parseOrThrow } from '../../platform/errors';
import { typesEnum } from '../../platform/selling';
import { multipartForm, readMediaForm } from '../../platform/uploads';
import * as commentsService from './service';

const idParams = z.object({ id: z.uuid('must be an id') });

export const commentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // What may be commented on: the document's kinds, and any more sellables take comments (a test's seller).
    const objectType = typesEnum(commentObjectTypes, deps.sellables.commentable);
    const comment = commentSchema.extend({ objectType });
    app.post(
      '/comments',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(30, '1 minute'),
        schema: {
          tags: ['comments'],
          summary: 'Comment on a post, video or gallery, or reply to a comment',
          operationId: 'createComment',
          body: createCommentSchema.extend({ objectType }),
          response: { 200: comment },
        },
      },
      async (request) => commentsService.createComment(deps, sessionOf(request).user, request.body),
    );

    app.put(
      '/comments/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['comments'],
          summary: "Edit the text or photo of the signed-in user's comment",
          operationId: 'updateComment',
          description: 'Multipart: content, and optionally a photo under the field name file.',
          ...multipartForm({ file: { accepts: 'image' } }, updateCommentSchema.partial()),
          params: idParams,
          response: { 200: comment },
        },
      },
      async (request) => {
        const form = await readMediaForm(request, { images: ['file'] });
        const { content } = parseOrThrow(updateCommentSchema.partial(), form.fields);
        return commentsService.updateComment(deps, sessionOf(request).user, request.params.id, { content, image: form.images.file });
      },
    );

    app.get(
      '/comments',
      {
        schema: {
          tags: ['comments'],
          summary: "List an item's comments or the replies to one",
          operationId: 'listComments',
          querystring: commentQuerySchema.extend({ objectType }),
          response: { 200: listResponseSchema(comment) },
        },
      },
      async (request) => commentsService.listComments(deps, request.session?.user, request.query),
    );

    app.delete(
      '/comments/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['comments'],
          summary: 'Delete a comment as its author, the item owner or an admin',
          operationId: 'deleteComment',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await commentsService.deleteComment(deps, sessionOf(request).user, request.params.id);
        return { message: 'Comment deleted' };
      },
    );
  };
