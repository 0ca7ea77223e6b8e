import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour) that the API's zod schemas produce. */
export type JsonSchema = {
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
};

/** Ids that exist in the fuzzed app (the signed-in accounts, …): valid ids reach deeper than random ones. */
export type Pools = { ids: string[] };

/** Strings that satisfy the few patterns the API uses; a pattern none fits falls back to letters. */
const PATTERN_CANDIDATES = [
  'US',
  'en',
  'us.svg',
  'about-us',
  'abc_123',
  '+1',
  '(555) 0100',
  '#42b1e8',
  '2026-07-01',
  '2026-07-01T12:00:00.000Z',
  'https://example.test/page',
  '/home',
  'ABCDEFGH',
  'Abc123_-',
];

/**
 * The arbitrary for a schema is built once per pool of ids: requests are generated from a valid
 * baseline in a chain, and rebuilding every nested arbitrary for each case costs more than the request.
 */
function memoized(build: (schema: JsonSchema, pools: Pools) => fc.Arbitrary<unknown>) {
  const cache = new WeakMap<Pools, WeakMap<JsonSchema, fc.Arbitrary<unknown>>>();
  return (schema: JsonSchema, pools: Pools) => {
    const forPools = cache.get(pools) ?? new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();
    cache.set(pools, forPools);
    const known = forPools.get(schema);
    if (known) return known;
    const arbitrary = build(schema, pools);
    forPools.set(schema, arbitrary);
    return arbitrary;
  };
}

/** Plausible valid values for `schema`: the baseline each mutation starts from, so that a case reaches past validation. */
export const validArbitrary = memoized(function validOf(schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => validArbitrary(branch, pools)));
  if (schema.allOf?.length) return validArbitrary(Object.assign({}, ...schema.allOf), pools);
  switch (schema.type) {
    case 'string':
      return validString(schema, pools);
    case 'integer':
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      return fc.array(validArbitrary(schema.items ?? {}, pools), { minLength, maxLength: Math.min(schema.maxItems ?? 3, minLength + 3) });
    }
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      return fc.record(Object.fromEntries(properties.map(([name, property]) => [name, validArbitrary(property, pools)])), {
        requiredKeys: properties.map(([name]) => name).filter((name) => schema.required?.includes(name)),
      });
    }
    default:
      return fc.constantFrom('text', 1, true);
  }
});

const letters = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength, maxLength });

function validString(schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  switch (schema.format) {
    case 'uuid':
      return fc.constantFrom(...pools.ids);
    case 'email':
      return letters(6, 6).map((word) => `fuzz_${word}@example.test`);
    case 'date':
      return fc.constant('2026-07-01');
    case 'date-time':
      return fc.integer({ min: -30, max: 30 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString());
    case 'uri':
      return fc.constant('https://example.test/page');
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fits = PATTERN_CANDIDATES.filter(
      (candidate) =>
        pattern.test(candidate) && candidate.length >= (schema.minLength ?? 0) && candidate.length <= (schema.maxLength ?? 1e9),
    );
    if (fits.length) return fc.constantFrom(...fits);
  }
  const min = Math.max(schema.minLength ?? 1, 3);
  const max = Math.max(min, Math.min(schema.maxLength ?? min + 12, min + 12));
  return letters(min, max).map((word) => word.slice(0, schema.maxLength ?? undefined));
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const low = schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : 0);
  const high = Math.min(schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : low + 100), low + 100);
  if (schema.type === 'integer') {
    const from = Math.ceil(low) + (schema.exclusiveMinimum ? 1 : 0);
    return fc.integer({ min: from, max: Math.max(from, Math.floor(high) - (schema.exclusiveMaximum ? 1 : 0)) });
  }
  return fc.integer({ min: 0, max: 100 }).map((step) => {
    const value = Math.round((low + (step / 100) * (high - low)) * 100) / 100;
    return value === low && schema.exclusiveMinimum ? low + (high - low) / 2 : value;
  });
}

/** Text meant to break storage, parsing or rendering: NUL, lone surrogates, direction marks, size. */
export const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  'x\ud800',
  '\udfffy',
  '\ud83d',
  '\u202eevil\u202c',
  '\u200b\u200d\ufeff',
  'e\u0301\u0301\u0301\u0301',
  '😀'.repeat(60),
  '',
  '   ',
  '\r\n\t',
  "' OR 1=1 --",
  '%00',
  '%',
  '\\',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}#{7*7}',
  '1e999',
  'NaN',
  '-0',
  'null',
  'true',
  '[]',
  '{}',
  '\u0085\u2028\u2029',
  'x'.repeat(10_000),
];

/** Numbers beyond what a column holds, denormals, negatives and fractions. */
export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  0.001,
  1.005,
  5e-324,
  -5e-324,
  1e-7,
  2 ** 31,
  2 ** 31 - 1,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  2 ** 64,
  1e15,
  1e16,
  1e300,
  -1e300,
  Number.MAX_VALUE,
  123456789.12345679,
];

/** Keys that reach an object's prototype when code copies a body into an object carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const wrongType = fc.oneof(
  fc.constantFrom(null, true, 42, 'text', [], {}, [[]], { nested: { deeper: [null] } }),
  fc.jsonValue({ maxDepth: 3 }),
);
/** Any text: every code point (lone surrogates and NUL among them), and the hand-picked hostile strings. */
const anyText = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS, ...PROTOTYPE_KEYS),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\u200b', '\ufeff', 'e\u0301', '%', '\\', "'", '"', '<'),
    maxLength: 20,
  }),
);
/** Numbers at every edge: the column limits, the schema's own bounds and one step beyond, and any double. */
const edgeNumbers = (schema: JsonSchema) => {
  const bounds = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].filter(
    (bound): bound is number => typeof bound === 'number',
  );
  return fc.oneof(
    fc.constantFrom(...HOSTILE_NUMBERS, ...bounds.flatMap((bound) => [bound - 1, bound - 0.001, bound, bound + 0.001, bound + 1])),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
    fc.constantFrom('12', '1e3', '0x10', '', ' 5 '),
  );
};

/** Values that do not fit `schema`, or fit it only at its edges. */
export const hostileArbitrary = memoized(function hostileOf(schema: JsonSchema, pools: Pools): fc.Arbitrary<unknown> {
  const kind = schema.type ?? (schema.enum ? 'string' : undefined);
  const fitting = (): fc.Arbitrary<unknown> => {
    switch (kind) {
      case 'string': {
        const id = pools.ids[0]!;
        return fc.oneof(
          { arbitrary: anyText, weight: 6 },
          {
            arbitrary:
              schema.format === 'uuid'
                ? fc.constantFrom('not-a-uuid', id.toUpperCase(), `${id}\u0000`, '00000000-0000-0000-0000-000000000000')
                : anyText,
            weight: 2,
          },
          // One character over the limit, or far over it.
          {
            arbitrary: fc
              .integer({ min: (schema.maxLength ?? 10_000) + 1, max: (schema.maxLength ?? 10_000) + 2_000 })
              .map((length) => 'y'.repeat(length)),
            weight: 1,
          },
        );
      }
      case 'integer':
      case 'number':
        return edgeNumbers(schema);
      case 'boolean':
        return fc.constantFrom('true', 'false', 1, 0, 'yes', null);
      case 'array': {
        const item = fc.oneof(hostileArbitrary(schema.items ?? {}, pools), validArbitrary(schema.items ?? {}, pools));
        return fc.oneof(
          fc.array(item, { minLength: 1, maxLength: 4 }),
          fc.array(validArbitrary(schema.items ?? {}, pools), { minLength: 2000, maxLength: 2000 }),
          validArbitrary(schema.items ?? {}, pools),
          item.map((value) => [[value]]),
        );
      }
      case 'object':
        return fc.oneof(
          fc.constant({}),
          fc
            .tuple(validArbitrary(schema, pools), letters(4, 4), anyText)
            .map(([valid, name, extra]) => ({ ...(valid as object), [`extra_${name}`]: extra })),
          fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS), fc.oneof(fc.constant({ isAdmin: true }), wrongType), { minKeys: 1 }),
          fc.record(Object.fromEntries(Object.keys(schema.properties ?? {}).map((name) => [name, anyText]))),
        );
      default:
        return fc.oneof(anyText, edgeNumbers(schema), fc.constantFrom(null, [], {}));
    }
  };
  return fc.oneof({ arbitrary: wrongType, weight: 1 }, { arbitrary: fitting(), weight: 7 });
});

type Path = Array<string | number>;

/** Every place in `value` a mutation may hit, with the schema that describes it. */
export function slotsOf(value: unknown, schema: JsonSchema, path: Path = []): Array<{ path: Path; schema: JsonSchema }> {
  const slots = path.length ? [{ path, schema }] : [];
  if (Array.isArray(value)) {
    for (const [index, item] of value.slice(0, 5).entries()) slots.push(...slotsOf(item, schema.items ?? {}, [...path, index]));
  } else if (value && typeof value === 'object') {
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      slots.push(...slotsOf((value as Record<string, unknown>)[name], property, [...path, name]));
    }
  }
  return slots;
}

/** Sets (or, with `undefined`, removes) the value at `path`, creating containers on the way. */
export function setAt(root: unknown, path: Path, value: unknown): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path;
  const copy = root && typeof root === 'object' ? (Array.isArray(root) ? [...root] : { ...root }) : typeof head === 'number' ? [] : {};
  const container = copy as Record<string | number, unknown>;
  const next = setAt(container[head!], rest, value);
  if (next === undefined) delete container[head!];
  else container[head!] = next;
  return container;
}
