import type { Operation } from './operations';
import { urlOf } from './operations';
import type { Random } from './random';
import { HOSTILE_STRINGS, hostileValue, type JsonSchema, type Pools, setAt, slotsOf, validValue } from './values';

/** One generated request, printable as the failing case. */
export type FuzzRequest = {
  kind: string;
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

type Parts = { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown };

const parametersIn = (operation: Operation, place: 'path' | 'query') => operation.parameters.filter((parameter) => parameter.in === place);

/** The valid baseline of every part of the request. */
function baseline(operation: Operation, random: Random, pools: Pools): Parts {
  const path = Object.fromEntries(parametersIn(operation, 'path').map((p) => [p.name, validValue(p.schema, random, pools)]));
  const query = Object.fromEntries(
    parametersIn(operation, 'query')
      .filter((p) => p.required || random.chance(0.4))
      .map((p) => [p.name, validValue(p.schema, random, pools)]),
  );
  const body = operation.body ? validValue(operation.body, random, pools) : undefined;
  return { path, query, body };
}

/** Each slot a mutation can hit: a path parameter, a query parameter, or a place in the body. */
function slots(operation: Operation, parts: Parts) {
  const parameterSlots = (place: 'path' | 'query') =>
    parametersIn(operation, place).map((parameter) => ({ part: place, path: [parameter.name], schema: parameter.schema }));
  const bodySlots = operation.body
    ? slotsOf(parts.body, operation.body).map((slot) => ({ part: 'body' as const, path: slot.path, schema: slot.schema }))
    : [];
  return [...parameterSlots('path'), ...parameterSlots('query'), ...bodySlots];
}

function mutated(operation: Operation, parts: Parts, random: Random, pools: Pools, count: number): Parts {
  const all = slots(operation, parts);
  let next = parts;
  for (let index = 0; index < count && all.length; index++) {
    const slot = random.pick(all);
    const value = hostileValue(slot.schema, random, pools);
    next = { ...next, [slot.part]: setAt(next[slot.part], slot.path, value) };
  }
  return next;
}

/** Every string in the request holds a NUL: the character PostgreSQL refuses in text. */
function nulEverywhere(operation: Operation, parts: Parts): Parts {
  let next = parts;
  for (const slot of slots(operation, parts)) {
    const current = slot.path.reduce<unknown>(
      (value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined),
      next[slot.part],
    );
    if (typeof current === 'string') next = { ...next, [slot.part]: setAt(next[slot.part], slot.path, `${current}\u0000`) };
  }
  return next;
}

function withoutRequired(operation: Operation, parts: Parts, random: Random): Parts {
  const required = operation.body?.required ?? [];
  if (!required.length || !parts.body || typeof parts.body !== 'object') return { ...parts, body: {} };
  return { ...parts, body: setAt(parts.body, [random.pick(required)], undefined) };
}

const json = (payload: string) => ({ contentType: 'application/json', payload });
const GARBAGE_BODIES: Array<{ contentType: string; payload: string }> = [
  ...['{"a":', '', 'null', '"text"', '[1,2,3]', '{"__proto__":{"isAdmin":true}}', '{"a":"\\ud800"}'].map(json),
  json(`${'['.repeat(3000)}${']'.repeat(3000)}`),
  { contentType: 'application/json; charset=utf-16', payload: '{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1&b=2' },
  { contentType: 'multipart/form-data', payload: 'no boundary' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nshort' },
  { contentType: 'application/octet-stream', payload: '\u0000\u0001\u0002' },
];

const GARBAGE_QUERIES = [
  '%ZZ=1',
  'a[b][c]=1',
  'limit=1&limit=2&limit=3',
  'q=%00',
  `q=${'z'.repeat(5000)}`,
  'offset=1e999',
  'sort=__proto__',
];
const GARBAGE_PATH_VALUES = ['%00', '..', '%2F', '%2e%2e', 'x'.repeat(201), ' ', '%ud800', '%F0%28%8C%BC'];

/**
 * One request for `operation`: a valid baseline changed in one way. The kinds are weighted so
 * that most cases change a field or two of an otherwise valid request, which reaches the code
 * behind the validation instead of stopping at the first check.
 */
export function generateRequest(operation: Operation, random: Random, pools: Pools, headers: Record<string, string>): FuzzRequest {
  const parts = baseline(operation, random, pools);
  const roll = random.next();
  const build = (kind: string, chosen: Parts, raw?: { contentType: string; payload: string }, rawQuery?: string): FuzzRequest => {
    let url = urlOf(operation, chosen.path, chosen.query);
    if (rawQuery) url += `${url.includes('?') ? '&' : '?'}${rawQuery}`;
    if (raw) return { kind, method: operation.method, url, headers: { ...headers, 'content-type': raw.contentType }, payload: raw.payload };
    if (chosen.body === undefined) return { kind, method: operation.method, url, headers };
    return {
      kind,
      method: operation.method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(chosen.body),
    };
  };
  if (roll < 0.12) return build('valid', parts);
  if (roll < 0.67) {
    const count = random.int(1, 3);
    return build(`${count} field(s) changed`, mutated(operation, parts, random, pools, count));
  }
  if (roll < 0.72) return build('required field missing', withoutRequired(operation, parts, random));
  if (roll < 0.78) return build('NUL in every string', nulEverywhere(operation, parts));
  if (roll < 0.87) return build('malformed body', parts, random.pick(GARBAGE_BODIES));
  if (roll < 0.94) return build('malformed query', parts, undefined, random.pick(GARBAGE_QUERIES));
  const pathParameters = parametersIn(operation, 'path');
  if (!pathParameters.length)
    return build('stray field', { ...parts, body: setAt(parts.body ?? {}, ['unexpected'], random.pick(HOSTILE_STRINGS)) });
  const name = random.pick(pathParameters).name;
  const request = build('malformed path', { ...parts, path: { ...parts.path, [name]: '\u0001' } });
  // Written raw (already %-encoded or deliberately broken) instead of through encodeURIComponent.
  return { ...request, url: request.url.replace('%01', random.pick(GARBAGE_PATH_VALUES)) };
}

export type { JsonSchema };
