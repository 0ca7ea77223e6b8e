import { ErrorCode } from '@limelight/contracts';
import type { FastifyPluginAsync } from 'fastify';
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

/** The largest file ffmpeg uploads: a segment of a long keyframe interval at a high bitrate. */
const MAX_LIVE_FILE_BYTES = 32 * 1024 * 1024;

/** Whether a request comes from this machine itself and not through a proxy (which would add a forwarding header). */
function fromThisMachine(request: { socket: { remoteAddress?: string; localAddress?: string }; headers: Record<string, unknown> }) {
  const remote = request.socket.remoteAddress ?? '';
  const loopback = remote === '::1' || /^(::ffff:)?127\./.test(remote) || remote === request.socket.localAddress;
  return loopback && !request.headers['x-forwarded-for'] && !request.headers.forwarded;
}

/**
 * `PUT|POST|DELETE /internal/live/{sessionId}/{secret}/{file}`: where this process's ffmpeg
 * uploads a live session's HLS files (PUT, and POST for the last segment) and deletes old ones.
 * Only from this machine, and only with the random secret of the session's packager; outside the
 * API's prefix and its OpenAPI document.
 */
export const liveIngestRoutes =
  (deps: Deps): FastifyPluginAsync =>
  async (app) => {
    // ffmpeg names no content type (or a media one): the body is taken as bytes, in this scope only.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_LIVE_FILE_BYTES }, (_request, body, done) => done(null, body));
    app.route({
      method: ['PUT', 'POST', 'DELETE'],
      url: '/internal/live/:sessionId/:secret/:file',
      schema: { hide: true },
      // ffmpeg holds an upload open while it writes (the init segment until the first segment is
      // done): such requests are slow by design, and a warning a broadcast would be noise.
      logLevel: 'error',
      handler: async (request, reply) => {
        const { sessionId, secret, file } = request.params as { sessionId: string; secret: string; file: string };
        if (!fromThisMachine(request)) throw forbidden('Live files are uploaded by this server’s own packager only');
        const body = request.method === 'DELETE' ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!deps.live.receive(sessionId, secret, file, body)) throw forbidden('Unknown live packager or file');
        return reply.status(204).send();
      },
    });
  };
