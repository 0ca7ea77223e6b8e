import { ErrorCode, mediaFileSchema, setAltTextSchema } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { AppError, notFound } from '../../platform/errors';
import { LIVE_PREFIX, PROTECTED_PREFIX, PUBLIC_PREFIX } from '../../platform/storage';
import { fileServable } from '../access';
import { setAltText } from './service';

export const mediaRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
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
          summary: 'Download a media file, by signed link when protected',
          operationId: 'getMediaFile',
          hide: true,
          querystring: z.object({ expires: z.string().optional(), signature: z.string().optional() }),
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const type = MEDIA_TYPES[key.split('.').pop() ?? ''];
        if (!type || !/^[a-z0-9/_-]+\.[a-z0-9]+$/i.test(key) || key.includes('..')) throw notFound('File');
        // A live stream's files go only to viewers holding a live token (their own route checks it).
        if (key.startsWith(LIVE_PREFIX)) throw notFound('File');
        if (key.startsWith(PROTECTED_PREFIX)) {
          const remaining = deps.mediaSigner.remaining(key, request.query.expires, request.query.signature);
          if (!remaining) throw new AppError(403, ErrorCode.forbidden, 'This media link is invalid or has expired');

          reply.header('cache-control', `private, max-age=${remaining}`);
        } else if (key.startsWith(PUBLIC_PREFIX)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else throw notFound('File');
        // Held content's files (hidden, removed, or a re-upload in review) are not served, a link minted before included (decision 046).
        if (!(await fileServable(deps.db, request.session?.user, key))) throw notFound('File');
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

    app.put(
      '/media/files/:id/alt-text',
      {
        preHandler: requireUser,
        schema: {
          tags: ['media'],
          summary: 'Set the alt text of one of your pictures or videos',
          operationId: 'updateMediaAltText',
          description: 'The alt text of one of your pictures or videos (a post photo, a gallery photo, a poster, a story image).',
          params: z.object({ id: z.uuid('must be an id') }),
          body: setAltTextSchema,
          response: { 200: mediaFileSchema },
        },
      },
      async (request) => setAltText(deps, sessionOf(request).user, request.params.id, request.body),
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
