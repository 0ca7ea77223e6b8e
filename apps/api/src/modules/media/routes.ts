import { currentUserSchema, ErrorCode, performerAccountSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireAdmin, requirePerformer, requireUser, sessionOf } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { PROTECTED_PREFIX, PUBLIC_PREFIX } from '../../platform/storage';
import { readImageUpload, spoolUpload } from '../../platform/uploads';
import { myAccount } from '../performers/account';
import { readDocumentParts, replaceDocuments } from '../performers/documents';
import { removeWelcomeVideo, replaceWelcomeVideo } from '../performers/welcome-video';
import { findById } from '../users/repo';
import { currentUser } from '../users/service';
import { replaceProfileImage } from './service';
import { VIDEO_UPLOAD } from './uploads';

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

    app.post(
      '/performers/welcome-video/upload',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['performers'],
          description: 'Multipart: the video under the field name welcomeVideo (MP4, MOV, WebM or AVI). It plays once processed.',
          consumes: ['multipart/form-data'],
          response: { 200: performerAccountSchema },
        },
      },
      async (request) => {
        const performer = sessionOf(request).user;
        const upload = await spoolUpload(request, 'welcomeVideo', VIDEO_UPLOAD);
        try {
          await replaceWelcomeVideo(deps, performer, upload);
        } finally {
          await upload.discard();
        }
        return myAccount(deps, performer);
      },
    );

    app.delete(
      '/performers/welcome-video',
      { preHandler: requirePerformer, schema: { tags: ['performers'], response: { 200: performerAccountSchema } } },
      async (request) => {
        const performer = sessionOf(request).user;
        await removeWelcomeVideo(deps, performer);
        return myAccount(deps, performer);
      },
    );

    /**
     * Media files. Public keys (images, posters, previews) are random and never reused, so they
     * are cached for good; protected keys need a signed link that has not expired. Byte ranges
     * let players seek without downloading everything.
     */
    app.get(
      '/media/*',
      {
        schema: {
          tags: ['media'],
          hide: true,
          querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const type = MEDIA_TYPES[key.split('.').pop() ?? ''];
        if (!type || !/^[a-z0-9/_-]+\.[a-z0-9]+$/i.test(key) || key.includes('..')) throw notFound('File');
        if (key.startsWith(PROTECTED_PREFIX)) {
          const remaining = deps.mediaSigner.remaining(key, request.query.expires, request.query.signature);
          if (!remaining) throw new AppError(403, ErrorCode.forbidden, 'This media link is invalid or has expired');
          reply.header('cache-control', `private, max-age=${remaining}`);
        } else if (key.startsWith(PUBLIC_PREFIX)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else throw notFound('File');
        const size = await deps.storage.size(key).catch(() => {
          throw notFound('File');
        });
        reply.type(type).header('accept-ranges', 'bytes');
        const range = parseRange(request.headers.range, size);
        if (range === 'unsatisfiable') return reply.status(416).header('content-range', `bytes */${size}`).send();
        if (!range) return reply.header('content-length', size).send(await deps.storage.read(key));
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(await deps.storage.read(key, range));
      },
    );
  };

const MEDIA_TYPES: Record<string, string> = { webp: 'image/webp', mp4: 'video/mp4', mp3: 'audio/mpeg' };

/** A single `bytes=start-end` range (the form players send); anything else gets the whole file. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (!match[1] && !match[2])) return undefined;
  const start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
  const end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
}
