import { STATUS_CODES } from 'node:http';
import { type ErrorBody, ErrorCode, type ErrorDetail, unstorableInputFields } from '@limelight/contracts';
import type { FastifyError, FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The one error type family: every expected failure is an AppError with a status and a code. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
  /** Sent as `Retry-After` when set: how long the caller must wait (429, 503). */
  retryAfterSeconds?: number;
}

export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError(400, ErrorCode.validation, message, details);
export const unauthenticated = (message = 'Authentication required', code: ErrorCode = ErrorCode.unauthenticated) =>
  new AppError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, ErrorCode.forbidden, message);
export const notFound = (what: string) => new AppError(404, ErrorCode.notFound, `${what} not found`);
export const conflict = (message: string, details?: ErrorDetail[]) => new AppError(409, ErrorCode.conflict, message, details);
export const unprocessable = (message: string, details?: ErrorDetail[]) => new AppError(422, ErrorCode.unprocessable, message, details);
/** The answer to everyone but admins while maintenance mode is on (decision 005). */
export const siteInMaintenance = () =>
  new AppError(503, ErrorCode.siteInMaintenance, 'The site is under maintenance: please come back soon');
/** How long a caller is told to wait when the database is out of reach (decision 057). */
const UNAVAILABLE_RETRY_SECONDS = 5;
export function databaseUnavailable(): AppError {
  const error = new AppError(503, ErrorCode.serviceUnavailable, 'The database is unavailable, please try again shortly');
  error.retryAfterSeconds = UNAVAILABLE_RETRY_SECONDS;
  return error;
}
export function retryLater(message: string, seconds: number): AppError {
  const error = new AppError(429, ErrorCode.rateLimited, message);
  error.retryAfterSeconds = seconds;
  return error;
}

/** Turns zod issues into field details; `prefix` names the part of the request (body, query). */
export function detailsFromZod(issues: ReadonlyArray<z.core.$ZodIssue | { path: PropertyKey[]; message: string }>): ErrorDetail[] {
  return issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(root)', message: issue.message }));
}

export function validationError(details: ErrorDetail[]): AppError {
  const message = details.map((detail) => `${detail.field}: ${detail.message}`).join('; ');
  return badRequest(message, details);
}

/** Parses input that did not go through a route schema (multipart fields) with the same error shape. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const unstorable = unstorableInputFields(input);
  if (unstorable.length) throw validationError(unstorable);
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(detailsFromZod(result.error.issues));
  return result.data;
}

/**
 * Validates each route's body, query and path: first the checks every input needs whatever its
 * schema says (text PostgreSQL can store, sane nesting), so no route can forget them, then the
 * route's zod schema.
 */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data) => {
    const unstorable = unstorableInputFields(data);
    return unstorable.length ? { error: validationError(unstorable) } : validate(data);
  };
};

const codeForStatus = (status: number): ErrorCode =>
  ({
    401: ErrorCode.unauthenticated,
    403: ErrorCode.forbidden,
    404: ErrorCode.notFound,
    409: ErrorCode.conflict,
    413: ErrorCode.payloadTooLarge,
    415: ErrorCode.unsupportedMedia,
    422: ErrorCode.unprocessable,
    429: ErrorCode.rateLimited,
  })[status] ?? ErrorCode.validation;

/** The one error shape; `requestId` names the request in the logs (and its `x-request-id` header) for a support question. */
export function body(request: { id: string }, statusCode: number, code: string, message: string, details?: ErrorDetail[]): ErrorBody {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: forPeople(message),
    code,
    ...(details ? { details } : {}),
    requestId: request.id,
  };
}

/** A camelCase identifier standing alone (not inside a path, an address or a longer name). */
const IDENTIFIER = /(?<![\w/@.-])[a-z]+(?:[A-Z][a-z]+)+(?![\w/@-])/g;

/**
 * An error's message is read by people (the web shows it as it is), so the names of fields in it
 * are written as words: "paymentAccountType: no paypal account on file" reads "Payment account
 * type: no paypal account on file", "give either sessionId or showId" "give either session or
 * show". `details` keep the fields' own names for programs (and forms) to match on.
 */
export function forPeople(message: string): string {
  let startsWithName = false;
  const worded = message.replace(IDENTIFIER, (name, offset: number) => {
    if (offset === 0) startsWithName = true;
    const words = name.split(/(?=[A-Z])/).map((word) => word.toLowerCase());
    // An id names the thing it points to: fileIds are files, a sessionId a session.
    const last = words.at(-1);
    if (words.length > 1 && (last === 'id' || last === 'ids')) {
      words.pop();
      if (last === 'ids') words.push(`${words.pop()}s`);
    }
    return words.map((word) => (word === 'id' ? 'ID' : word)).join(' ');
  });
  return startsWithName ? worded.charAt(0).toUpperCase() + worded.slice(1) : worded;
}

type ErrorFields = Error & { code?: unknown; query?: unknown; constraint?: unknown; table?: unknown; column?: unknown; routine?: unknown };

/**
 * What the log keeps of an unexpected error: its class, code and stack frames, for a database
 * error the names of what it hit, and for a failed query its SQL without the parameters. Never a
 * message: a database error quotes the value it refused, a failed query lists its parameters
 * (the e-mail of a sign-in), and a JSON error quotes the text it could not parse.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const { code, query, constraint, table, column, routine } = error as ErrorFields;
  const named = Object.entries({ code, constraint, table, column, routine }).filter(([, value]) => typeof value === 'string');
  return {
    type: error.constructor.name,
    ...Object.fromEntries(named),
    ...(typeof query === 'string' ? { query } : {}),
    stack: error.stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
    ...(error.cause && depth < 3 ? { cause: loggableError(error.cause, depth + 1) } : {}),
  };
}

/**
 * Network failures and the SQLSTATEs of a server that is gone, shutting down, starting up or out
 * of time (class 08 connection exceptions, 57P01-57P03 shutdowns, 57014 a statement_timeout).
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '57014',
]);
/**
 * What node-postgres and its pool say, without a code, when a connection dies, cannot be made in
 * time (`timeout expired` is the client's own connect timeout: a server restarting or a machine
 * too busy to answer within it) or a query gets no answer.
 */
const UNREACHABLE_MESSAGE =
  /^(Connection terminated|timeout expired$|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed)/;

/**
 * Whether an error says the database could not be reached (not that the query was wrong): such a
 * request is answered 503 and may be sent again. Drizzle wraps the driver's error as its cause.
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const { code } = error as ErrorFields;
  if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  return UNREACHABLE_MESSAGE.test(error.message) || isUnavailable(error.cause, depth + 1);
}

/** Maps every thrown error to the one error shape; unknown errors are a plain 500 that leaks nothing. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | AppError, request, reply) => {
    const unavailable = isUnavailable(thrown);
    // One short line per refused request: the pool and the jobs report the outage itself.
    if (unavailable) request.log.warn({ method: request.method, route: request.routeOptions.url }, 'answered 503: database unavailable');
    const error = unavailable ? databaseUnavailable() : thrown;
    if (error instanceof AppError) {
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send(body(request, error.statusCode, error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext === 'querystring' ? 'query' : error.validationContext;
      // A form upload sent where JSON is expected arrives as no body at all: say which to send.
      const formInsteadOfJson = part === 'body' && request.body == null && request.isMultipart?.();
      const details = formInsteadOfJson
        ? [{ field: 'body', message: 'must be JSON (Content-Type: application/json), not a form upload' }]
        : error.validation.map((issue) => ({
            field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || part || '(root)',
            message: issue.message ?? 'is invalid',
          }));
      return reply.status(400).send(body(request, 400, ErrorCode.validation, validationError(details).message, details));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(request, status, codeForStatus(status), error.message));
    }
    request.log.error({ method: request.method, route: request.routeOptions.url, error: loggableError(error) }, 'unhandled error');
    return reply.status(500).send(body(request, 500, ErrorCode.internal, 'Something went wrong, please try again later'));
  });
}

/** A JSON 404 for unknown API routes (the SPA answers unknown page routes). */
export function registerApiNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(request, 404, ErrorCode.notFound, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
