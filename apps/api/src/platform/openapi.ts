import * as contracts from '@limelight/contracts';
import { errorBodySchema } from '@limelight/contracts';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * What the OpenAPI document (served at /api/docs/json) says beside the routes' own schemas: how a
 * caller signs in, which operations need an account or a kind of account, and the answers an
 * operation refuses with, all in the one error shape (issue 29). Derived from each route's guards
 * and rate limit, so a new route is documented the way it behaves without writing it twice.
 */

/** Marks a route guard that refuses a caller without a session (401); `role` ones also refuse the wrong kind of account (403). */
const GUARD = Symbol('limelight.guard');
type Guard = 'account' | 'role';
export function documentedGuard<T extends (...args: never[]) => unknown>(guard: T, kind: Guard): T {
  return Object.assign(guard, { [GUARD]: kind });
}
const guardOf = (hook: unknown): Guard | undefined => (hook as { [GUARD]?: Guard } | undefined)?.[GUARD];

/** The document's tags, one per area of the API, in the order a reader meets them. */
export const apiTags = [
  { name: 'health', description: 'Liveness and readiness for load balancers and orchestrators' },
  { name: 'settings', description: "The site's public settings and the admin's settings" },
  { name: 'auth', description: 'Sign-up, sign-in, sessions, passwords, e-mail verification and social sign-in' },
  { name: 'two-factor', description: 'Authenticator apps, passkeys, recovery codes and step-up' },
  { name: 'users', description: "An account's own profile, avatar and cover" },
  { name: 'performers', description: "Creators' public pages, discovery and a creator's own profile, pricing and documents" },
  { name: 'follows', description: "Following creators, and a creator's followers" },
  { name: 'feeds', description: "Posts in a creator's feed: text, photos, video, polls, scheduling and the timeline" },
  { name: 'posts', description: 'The CMS pages of the site (about, terms, help)' },
  { name: 'videos', description: "A creator's video library" },
  { name: 'galleries', description: "A creator's photo galleries" },
  { name: 'photos', description: 'The photos of a gallery' },
  { name: 'stories', description: 'Stories that last a day' },
  { name: 'shop', description: 'Products, orders, shipping addresses and digital downloads' },
  { name: 'comments', description: 'Comments on posts, videos and galleries, and replies' },
  { name: 'reactions', description: 'Likes and bookmarks' },
  { name: 'messages', description: 'Conversations, paid messages, tips in messages and mass messages' },
  { name: 'streaming', description: 'Live streams, their chat, viewers, tips and private shows' },
  { name: 'notifications', description: 'The notification centre and its preferences' },
  { name: 'wallet', description: 'The token wallet: balance, tips and purchases paid from it' },
  { name: 'payments', description: "Card payments, top-ups, saved cards, coupons and the gateways' webhooks" },
  { name: 'subscriptions', description: 'Subscribing to creators, renewals and cancellations' },
  { name: 'earnings', description: "A creator's earnings and statements" },
  { name: 'payouts', description: 'Creators asking to be paid out, and the admin paying them' },
  { name: 'blocks', description: 'Blocking accounts and countries' },
  { name: 'reports', description: 'Reporting content and accounts, moderation and appeals' },
  { name: 'search', description: 'Searching creators and content' },
  { name: 'lookups', description: 'Lists the forms choose from: countries, languages, categories' },
  { name: 'media', description: 'Uploaded files and their protected delivery' },
  { name: 'site-promo', description: 'The promotions the site shows on its pages' },
  { name: 'contact', description: 'The contact form' },
  { name: 'admin', description: 'The admin console: accounts, content, money, moderation and the site' },
];

export const securitySchemes = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'token',
    description: 'The session cookie the site sets when someone signs in (the web app sends it)',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token that `POST /auth/login` answers, for clients that keep it themselves',
  },
} as const;
const signedIn = [{ session: [] }, { bearer: [] }];
/** Public operations answer anyone, and some answer more to a signed-in caller (a fan's own price, what they bought). */
const optionallySignedIn = [{}, ...signedIn];

/** The one error shape, in the document's components. */
const errorSchemas = { ErrorBody: z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }) };

/**
 * The contracts' object schemas, named as the document's components: an answer says `Feed` (a
 * `$ref`) instead of writing the post's shape out again in every operation, and the generated
 * client's types carry the contracts' names. Query and params schemas stay inline, since the
 * document turns their properties into parameters; the error shape is named once above. The
 * names join zod's global registry, where the upload forms' fields keep their own metadata
 * (`format: binary`, `x-accepts`), once per process (this module's first import).
 */
for (const [name, schema] of Object.entries(contracts)) {
  if (!name.endsWith('Schema') || !(schema instanceof z.ZodObject) || /Query|Params|^error/.test(name)) continue;
  // Each name also stands as `<Name>Input` for what a caller sends: a contract already named `…Input` is a `…Form`.
  const id = name[0]!.toUpperCase() + name.slice(1, -'Schema'.length).replace(/Input$/, 'Form');
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

/** The `$ref`s a part of the document makes, by component name. */
function refsIn(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.add(value.replace('#/components/schemas/', ''));
      else refsIn(value, found);
    }
  }
  return found;
}

/**
 * A request body's own schema written where it is sent, not named: the generated client then takes
 * each body as `body`, as the web app's calls pass it (its nested schemas stay named).
 */
function inlineRequestBodies(document: Document) {
  const schemas = document.components?.schemas ?? {};
  for (const methods of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const content = (operation.requestBody as { content?: Record<string, { schema?: { $ref?: string } }> } | undefined)?.content;
      for (const media of Object.values(content ?? {})) {
        const ref = media.schema?.$ref?.replace('#/components/schemas/', '');
        if (ref && schemas[ref]) media.schema = structuredClone(schemas[ref]) as { $ref?: string };
      }
    }
  }
}

/** Only the components something uses (each named schema comes as an input and an output variant; most are one of the two). */
function dropUnusedComponents(document: Document) {
  const schemas = document.components?.schemas ?? {};
  const used = refsIn(document.paths, new Set());
  for (let grew = true; grew; ) {
    const before = used.size;
    for (const name of [...used]) refsIn(schemas[name], used);
    grew = used.size > before;
  }
  for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
}
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
});

const GUARD_KEY = 'x-limelight-guard';
const LIMITED_KEY = 'x-limelight-rate-limited';

/**
 * `@fastify/swagger`'s per-route transform: the security the route's guards ask for, and what the
 * document-wide step below needs to know of it (its guard, its rate limit).
 */
export function documentRoute<T extends { schema: object; url: string }>(
  transformed: T,
  route: Pick<RouteOptions, 'preHandler' | 'config'>,
): T {
  const schema = transformed.schema as { security?: unknown };
  const hooks = [route.preHandler].flat();
  const guards = hooks.map(guardOf).filter((guard) => guard !== undefined);
  const guard = guards.includes('role') ? 'role' : guards.includes('account') ? 'account' : undefined;
  const limited = !!(route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  return {
    ...transformed,
    schema: {
      ...schema,
      security: schema.security ?? (guard ? signedIn : optionallySignedIn),
      ...(guard ? { [GUARD_KEY]: guard } : {}),
      ...(limited ? { [LIMITED_KEY]: true } : {}),
    },
  };
}

/**
 * OpenAPI 3.0 reads `nullable` only beside a `type`; zod's conversion writes none beside a nullable
 * union of objects (a payment's `nextAction`) or a nullable named schema (`allOf` of one `$ref`, a
 * notification's `actor`). The type is written beside it (every named schema is an object), and a
 * named schema that is not nullable is referred to directly.
 */
function typeNullables(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const branches = (schema.oneOf ?? schema.anyOf) as Array<{ type?: unknown }> | undefined;
  if (schema.nullable === true && schema.type === undefined && branches?.length) {
    const types = new Set(branches.map((branch) => branch.type));
    if (types.size === 1 && typeof branches[0]!.type === 'string') schema.type = branches[0]!.type;
  }
  const named = schema.allOf as Array<{ $ref?: unknown }> | undefined;
  if (named?.length === 1 && typeof named[0]!.$ref === 'string') {
    if (schema.nullable === true) schema.type ??= 'object';
    else {
      for (const key of Object.keys(schema)) delete schema[key];
      schema.$ref = named[0]!.$ref;
    }
  }
  // An array's values are its items: arrays are walked alike.
  for (const value of Object.values(schema)) typeNullables(value);
}

type Operation = Record<string, unknown> & { responses?: Record<string, unknown> };
type Document = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, Record<string, unknown>> };

/**
 * `@fastify/swagger`'s document-wide transform: every operation lists its refusals in the one
 * error shape: 400 (bad input), 401 and 403 where its guard refuses, 429 where it is rate
 * limited, any other refusal (not found, conflict, payment required) as 4XX, and 5XX (503 while
 * the database or Redis is away).
 */
export function documentErrors(input: Parameters<typeof jsonSchemaTransformObject>[0]) {
  if (!('openapiObject' in input)) return input.swaggerObject;
  const document = jsonSchemaTransformObject(input) as Document;
  document.components = { ...document.components, schemas: { ...document.components?.schemas, ...errorSchemas } };
  typeNullables(document);
  for (const methods of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(methods)) {
      const guard = operation[GUARD_KEY] as Guard | undefined;
      const limited = operation[LIMITED_KEY] === true;
      delete operation[GUARD_KEY];
      delete operation[LIMITED_KEY];
      operation.responses = {
        ...operation.responses,
        400: errorAnswer('The request is malformed or a field is refused; `details` names each field and its limit'),
        ...(guard ? { 401: errorAnswer('Not signed in, or the session ended') } : {}),
        ...(guard === 'role' ? { 403: errorAnswer('This kind of account may not do this') } : {}),
        ...(limited ? { 429: errorAnswer('Too many requests: the message says when to try again') } : {}),
        '4XX': errorAnswer('Refused: not found, not allowed, a conflict or a payment that cannot be made, as `code` says'),
        '5XX': errorAnswer('The server failed, or a service it needs is away (503): try again later'),
      };
    }
  }
  inlineRequestBodies(document);
  dropUnusedComponents(document);
  return document;
}
