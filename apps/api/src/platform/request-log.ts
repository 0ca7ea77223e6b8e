import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

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

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger, made into pino's child (with the request id bound) only when it first
 * writes: Fastify makes the child for every request (a new object, its bindings serialised),
 * and at the default level almost no request writes a line (decision 066).
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Record<string, unknown>;
  readonly #options: object;

  constructor(parent: FastifyBaseLogger, bindings: Record<string, unknown>, options: object) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  get #logger() {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  get level() {
    return this.#logger.level;
  }
  set level(level: string) {
    this.#logger.level = level;
  }
  child(bindings: Record<string, unknown>, options?: object) {
    return this.#logger.child(bindings, options);
  }
  fatal(...line: unknown[]) {
    this.#write('fatal', line);
  }
  error(...line: unknown[]) {
    this.#write('error', line);
  }
  warn(...line: unknown[]) {
    this.#write('warn', line);
  }
  info(...line: unknown[]) {
    this.#write('info', line);
  }
  debug(...line: unknown[]) {
    this.#write('debug', line);
  }
  trace(...line: unknown[]) {
    this.#write('trace', line);
  }
  silent() {}

  #write(method: LogMethod, line: unknown[]) {
    const logger = this.#logger as unknown as Record<LogMethod, (...args: unknown[]) => void>;
    logger[method](...line);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, lazily made (see `RequestLogger`). */
export function requestLogger(logger: FastifyBaseLogger, bindings: Record<string, unknown>, options: object): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
