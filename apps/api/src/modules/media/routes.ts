import { currentUserSchema, performerAccountSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireAdmin, requirePerformer, requireUser, sessionOf } from '../../platform/auth';
import { notFound } from '../../platform/errors';
import { PUBLIC_PREFIX } from '../../platform/storage';
import { readImageUpload } from '../../platform/uploads';
import { myAccount } from '../performers/account';
import { readDocumentParts, replaceDocuments } from '../performers/documents';
import { findById } from '../users/repo';
import { currentUser } from '../users/service';
import { replaceProfileImage } from './service';

const uploadSchema = { consumes: ['multipart/form-data'], response: { 200: currentUserSchema } };

export const mediaRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/users/avatar/upload',
      {
        preHandler: requireUser,
        schema: { tags: ['users'], description: 'Multipart: the image under the field name avatar.', ...uploadSchema },
      },
      async (request) => {
        const user = await replaceProfileImage(deps, sessionOf(request).user, 'avatar', await readImageUpload(request, 'avatar'));
        return currentUser(deps, user);
      },
    );

    app.post(
      '/users/:id/avatar/upload',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          params: z.object({ id: z.uuid('must be an id') }),
          description: "An admin replaces an account's avatar.",
          ...uploadSchema,
        },
      },
      async (request) => {
        const target = await findById(deps.db, request.params.id);
        if (!target) throw notFound('Account');
        const user = await replaceProfileImage(deps, target, 'avatar', await readImageUpload(request, 'avatar'));
        return currentUser(deps, user);
      },
    );

    app.post(
      '/performers/cover/upload',
      {
        preHandler: requirePerformer,
        schema: { tags: ['performers'], description: 'Multipart: the image under the field name cover.', ...uploadSchema },
      },
      async (request) => {
        const user = await replaceProfileImage(deps, sessionOf(request).user, 'cover', await readImageUpload(request, 'cover'));
        return currentUser(deps, user);
      },
    );

    app.post(
      '/performers/documents/upload',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          description: 'Multipart: idVerification and/or documentVerification (JPEG, PNG, WebP or PDF), while not yet verified.',
          consumes: ['multipart/form-data'],
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => {
        const performer = sessionOf(request).user;
        const { documents } = await readDocumentParts(request);
        await replaceDocuments(deps, performer, documents);
        return myAccount(deps, performer);
      },
    );

    /** Public images; their keys are random and never reused, so they may be cached for good. */
    app.get('/media/*', { schema: { tags: ['media'], hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!key.startsWith(PUBLIC_PREFIX) || !/^[a-z0-9/_-]+\.webp$/i.test(key) || key.includes('..')) throw notFound('File');
      const stream = await deps.storage.read(key).catch(() => {
        throw notFound('File');
      });
      return reply.type('image/webp').header('cache-control', 'public, max-age=31536000, immutable').send(stream);
    });
  };
