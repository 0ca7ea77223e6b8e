import {
  commentQuerySchema,
  commentSchema,
  createCommentSchema,
  ErrorCode,
  listResponseSchema,
  updateCommentSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { perAccountRateLimit, requireUser, sessionOf } from '../../platform/auth';
import { AppError, badRequest, parseOrThrow } from '../../platform/errors';
import { assertImage } from '../../platform/uploads';
import * as commentsService from './service';

const idParams = z.object({ id: z.uuid('must be an id') });

export const commentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/comments',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(30, '1 minute'),
        schema: { tags: ['comments'], body: createCommentSchema, response: { 200: commentSchema } },
      },
      async (request) => commentsService.createComment(deps, sessionOf(request).user, request.body),
    );

    app.put(
      '/comments/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['comments'],
          description: 'Multipart: content, and optionally a photo under the field name file.',
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: commentSchema },
        },
      },
      async (request) => {
        if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMedia, 'Send the comment as multipart/form-data');
        const fields: Record<string, string> = {};
        let image: Buffer | undefined;
        for await (const part of request.parts()) {
          if (part.type === 'field') fields[part.fieldname] = String(part.value);
          else if (part.fieldname !== 'file') {
            throw badRequest(`Unexpected file field ${part.fieldname}`, [
              { field: part.fieldname, message: 'is not an accepted file field; use file' },
            ]);
          } else {
            image = await part.toBuffer();
            assertImage(image, 'file');
          }
        }
        const { content } = parseOrThrow(updateCommentSchema.partial(), fields);
        return commentsService.updateComment(deps, sessionOf(request).user, request.params.id, { content, image });
      },
    );

    app.get(
      '/comments',
      { schema: { tags: ['comments'], querystring: commentQuerySchema, response: { 200: listResponseSchema(commentSchema) } } },
      async (request) => commentsService.listComments(deps, request.session?.user, request.query),
    );

    app.delete(
      '/comments/:id',
      { preHandler: requireUser, schema: { tags: ['comments'], params: idParams, response: { 200: z.object({ message: z.string() }) } } },
      async (request) => {
        await commentsService.deleteComment(deps, sessionOf(request).user, request.params.id);
        return { message: 'Comment deleted' };
      },
    );
  };
