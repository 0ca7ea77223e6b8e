import fc from 'fast-check';
import type { Operation } from './operations';
import { urlOf } from './operations';
import { HOSTILE_STRINGS, hostileArbitrary, type JsonSchema, type Pools, PROTOTYPE_KEYS, setAt, slotsOf, validArbitrary } from './values';

/** One generated request, printable as the failing case; the caller's credentials are added when it is sent. */
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
function baseline(operation: Operation, pools: Pools): fc.Arbitrary<Parts> {
  const valuesOf = (parameters: Operation['parameters'], optional: boolean) =>
    fc.record(Object.fromEntries(parameters.map((p) => [p.name, validArbitrary(p.schema, pools)])), {
      requiredKeys: parameters.filter((p) => !optional || p.required).map((p) => p.name),
    });
  return fc.record({
    path: valuesOf(parametersIn(operation, 'path'), false),
    query: valuesOf(parametersIn(operation, 'query'), true),
    body: operation.body ? validArbitrary(operation.body, pools) : fc.constant(undefined),
  });
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

/** One to three slots of a valid request, each given a hostile value for its schema. */
function mutated(operation: Operation, parts: Parts, pools: Pools): fc.Arbitrary<Parts> {
  const all = slots(operation, parts);
  if (!all.length) return fc.constant(parts);
  const change = fc.constantFrom(...all).chain((slot) => hostileArbitrary(slot.schema, pools).map((value) => ({ slot, value })));
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    let next = parts;
    for (const { slot, value } of changes) next = { ...next, [slot.part]: setAt(next[slot.part], slot.path, value) };
    return next;
  });
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

function withoutRequired(operation: Operation, parts: Parts): fc.Arbitrary<Parts> {
  const required = operation.body?.required ?? [];
  if (!required.length || !parts.body || typeof parts.body !== 'object') return fc.constant({ ...parts, body: {} });
  return fc.subarray(required, { minLength: 1 }).map((missing) => ({
    ...parts,
    body: missing.reduce<unknown>((body, name) => setAt(body, [name], undefined), parts.body),
  }));
}

/** Fields the schema does not have: prototype keys among them, which must not reach an object's prototype. */
function withExtraFields(parts: Parts): fc.Arbitrary<Parts> {
  const name = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.constantFrom('unexpected', 'isAdmin', 'role', '_id', 'balance'));
  return fc
    .dictionary(name, fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.jsonValue({ maxDepth: 2 })), { minKeys: 1, maxKeys: 3 })
    .map((extra) => ({
      ...parts,
      body: parts.body && typeof parts.body === 'object' && !Array.isArray(parts.body) ? { ...parts.body, ...extra } : extra,
    }));
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
 * Requests for `operation`: a valid baseline changed in one way. The kinds are weighted so that
 * most cases change a field or two of an otherwise valid request, which reaches the code behind
 * the validation instead of stopping at the first check.
 */
export function requestArbitrary(operation: Operation, pools: Pools): fc.Arbitrary<FuzzRequest> {
  const build = (kind: string, chosen: Parts, raw?: { contentType: string; payload: string }, rawQuery?: string): FuzzRequest => {
    let url = urlOf(operation, chosen.path, chosen.query);
    if (rawQuery) url += `${url.includes('?') ? '&' : '?'}${rawQuery}`;
    if (raw) return { kind, method: operation.method, url, headers: { 'content-type': raw.contentType }, payload: raw.payload };
    if (chosen.body === undefined) return { kind, method: operation.method, url, headers: {} };
    return { kind, method: operation.method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(chosen.body) };
  };
  const pathParameters = parametersIn(operation, 'path').map((parameter) => parameter.name);
  return baseline(operation, pools).chain((parts) =>
    fc.oneof(
      { weight: 12, arbitrary: fc.constant(build('valid', parts)) },
      { weight: 55, arbitrary: mutated(operation, parts, pools).map((next) => build('fields changed', next)) },
      { weight: 5, arbitrary: withoutRequired(operation, parts).map((next) => build('required field missing', next)) },
      { weight: 6, arbitrary: fc.constant(build('NUL in every string', nulEverywhere(operation, parts))) },
      { weight: 9, arbitrary: fc.constantFrom(...GARBAGE_BODIES).map((raw) => build('malformed body', parts, raw)) },
      { weight: 7, arbitrary: fc.constantFrom(...GARBAGE_QUERIES).map((query) => build('malformed query', parts, undefined, query)) },
      { weight: 6, arbitrary: withExtraFields(parts).map((next) => build('extra fields', next)) },
      ...(pathParameters.length
        ? [
            {
              weight: 6,
              arbitrary: fc.tuple(fc.constantFrom(...pathParameters), fc.constantFrom(...GARBAGE_PATH_VALUES)).map(([name, value]) => {
                const request = build('malformed path', { ...parts, path: { ...parts.path, [name]: '\u0001' } });
                // Written raw (already %-encoded or deliberately broken) instead of through encodeURIComponent.
                return { ...request, url: request.url.replace('%01', value) };
              }),
            },
          ]
        : []),
    ),
  );
}

export type { JsonSchema };
