import type { FastifyInstance } from 'fastify';

/** An answer this slow is worth a line at any level: it is what an operator looks for. */
const SLOW_MS = 1000;

/**
 * One line per answer, written once the answer is sent: at debug for every answer, at warn for
 * slow ones. Fastify's own request logging writes two lines per request at info, which cost the
 * API a large share of its throughput (decision 019); unexpected errors are logged where they are
 * handled (platform/errors.ts), so info keeps everything that needs a look.
 */
export function registerRequestLog(app: FastifyInstance) {
  const everyAnswer = app.log.level === 'debug' || app.log.level === 'trace';
  app.addHook('onResponse', (request, reply, done) => {
    const ms = Math.round(reply.elapsedTime);
    if (ms >= SLOW_MS) request.log.warn({ req: request, statusCode: reply.statusCode, ms }, 'slow request');
    else if (everyAnswer) request.log.debug({ req: request, statusCode: reply.statusCode, ms }, 'request completed');
    done();
  });
}
