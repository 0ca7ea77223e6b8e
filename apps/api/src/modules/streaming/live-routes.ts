import { ErrorCode } from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, forbidden, notFound } from '../../platform/errors';
import { LIVE_FILE, PLAYLIST } from '../../platform/live-store';
import { liveViewerOf } from './live-links';
import { assertLiveStreamingOn } from './open';

const contentTypeOf = (file: string) =>
  file === PLAYLIST ? 'application/vnd.apple.mpegurl' : file.endsWith('.mp4') ? 'video/mp4' : 'video/iso.segment';

const playbackParams = z.object({
  sessionId: z.uuid('must be a session id'),
  token: z.string().max(200, 'is too long'),
  file: z.string().max(40, 'is too long'),
});

/**
 * `GET /api/live/{sessionId}/{token}/{file}`: a live session's HLS files for the viewer the token
 * was signed for (`GET /streaming/join/{id}` hands it out to those entitled). The playlist is never
 * cached; init and media segments never change, so a viewer's cache keeps them a minute.
 */
export const livePlaybackRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async () => assertLiveStreamingOn(deps));
    app.get(
      '/live/:sessionId/:token/:file',
      {
        schema: {
          tags: ['streaming'],
          summary: "Get a live session's HLS playlist or segment by signed link",
          operationId: 'getLiveHlsFile',
          description: 'A live session’s HLS playlist or segment, through the signed link of GET /streaming/join/{id}.',
          params: playbackParams,
        },
      },
      async (request, reply) => {
        const { sessionId, token, file } = request.params;
        const viewerId = liveViewerOf(deps, sessionId, token);
        if (!viewerId) {
          throw new AppError(403, ErrorCode.forbidden, 'This live link is invalid or has expired: join the session again for a new one');
        }
        if (deps.live.isDenied(sessionId, viewerId)) throw forbidden('You can no longer watch this live session');
        if (!LIVE_FILE.test(file)) throw notFound('Live file');
        const body = await deps.live.read(sessionId, file);
        if (!body) throw notFound('Live file');
        return reply
          .type(contentTypeOf(file))
          .header('cache-control', file === PLAYLIST ? 'no-store' : 'private, max-age=60')
          .send(body);
      },
    );
  };
