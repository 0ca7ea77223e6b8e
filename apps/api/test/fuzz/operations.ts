import type { App } from '../../src/app';
import type { JsonSchema } from './values';

export type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: JsonSchema };

/** One operation of the OpenAPI document, as the fuzz and upload tests send it. */
export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path as the document writes it, under `/api` (`/api/performers/{id}`). */
  path: string;
  parameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** The multipart form's schema (files are `format: binary`), when the operation takes one. */
  form?: JsonSchema;
};

type OpenApiOperation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

/** `node` with each named schema (`$ref`) written out in place, so the cases are drawn from the whole shape. */
function resolved<T>(node: T, schemas: Record<string, unknown>): T {
  if (Array.isArray(node)) return node.map((item) => resolved(item, schemas)) as T;
  if (!node || typeof node !== 'object') return node;
  const ref = (node as { $ref?: string }).$ref;
  if (ref) return resolved(schemas[ref.replace('#/components/schemas/', '')] as T, schemas);
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolved(value, schemas)])) as T;
}

/** Every operation of the app, read from the OpenAPI document it serves: new routes join by existing. */
export async function operationsOf(app: App): Promise<Operation[]> {
  await app.ready();
  const served = app.swagger() as {
    paths: Record<string, Record<string, OpenApiOperation>>;
    servers?: Array<{ url: string }>;
    components?: { schemas?: Record<string, unknown> };
  };
  const document = { ...served, paths: resolved(served.paths, served.components?.schemas ?? {}) };
  const prefix = document.servers?.[0]?.url ?? '';
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      method: method.toUpperCase() as Operation['method'],
      path: `${prefix}${path}`,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema,
      form: operation.requestBody?.content['multipart/form-data']?.schema,
    })),
  );
}

export const operationName = (operation: Pick<Operation, 'method' | 'path'>) => `${operation.method} ${operation.path}`;

/**
 * %-encodes like encodeURIComponent, except that a lone surrogate (which that function refuses)
 * is written as its three WTF-8 bytes: the invalid UTF-8 a hostile client would send.
 */
function encode(text: string): string {
  return Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(char);
  }).join('');
}

/** The URL of `operation` with its path parameters and query filled in. */
export function urlOf(operation: Operation, path: Record<string, unknown>, query: Record<string, unknown>): string {
  const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(String(path[name] ?? '')));
  const search: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      search.push(`${encode(name)}=${encode(typeof item === 'object' ? JSON.stringify(item) : String(item))}`);
    }
  }
  return search.length ? `${filled}?${search.join('&')}` : filled;
}
