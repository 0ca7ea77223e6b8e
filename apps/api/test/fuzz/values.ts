import type { Random } from './random';

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

/** A plausible valid value for `schema`: the baseline each mutation starts from. */
export function validValue(schema: JsonSchema, random: Random, pools: Pools): unknown {
  if (schema.enum?.length) return random.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return validValue(random.pick(branches), random, pools);
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), random, pools);
  switch (schema.type) {
    case 'string':
      return validString(schema, random, pools);
    case 'integer':
    case 'number':
      return validNumber(schema, random);
    case 'boolean':
      return random.chance(0.5);
    case 'array': {
      const count = random.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3));
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, random, pools));
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(name) || random.chance(0.6)) value[name] = validValue(property, random, pools);
      }
      return value;
    }
    default:
      return random.pick(['text', 1, true]);
  }
}

function validString(schema: JsonSchema, random: Random, pools: Pools): string {
  switch (schema.format) {
    case 'uuid':
      return random.pick(pools.ids);
    case 'email':
      return `fuzz_${random.word(6)}@example.test`;
    case 'date':
      return '2026-07-01';
    case 'date-time':
      return new Date(Date.now() + random.int(-30, 30) * 86_400_000).toISOString();
    case 'uri':
      return 'https://example.test/page';
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fits = PATTERN_CANDIDATES.filter(
      (candidate) =>
        pattern.test(candidate) && candidate.length >= (schema.minLength ?? 0) && candidate.length <= (schema.maxLength ?? 1e9),
    );
    if (fits.length) return random.pick(fits);
  }
  const min = schema.minLength ?? 1;
  const max = Math.max(min, Math.min(schema.maxLength ?? min + 12, min + 12));
  return random.word(random.int(Math.max(min, 3), Math.max(max, 3))).slice(0, schema.maxLength ?? undefined);
}

function validNumber(schema: JsonSchema, random: Random): number {
  const integer = schema.type === 'integer';
  const low = schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : 0);
  const high = Math.min(schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : low + 100), low + 100);
  if (integer) {
    const from = Math.ceil(low) + (schema.exclusiveMinimum ? 1 : 0);
    return random.int(from, Math.max(from, Math.floor(high) - (schema.exclusiveMaximum ? 1 : 0)));
  }
  const value = Math.round((low + random.next() * (high - low)) * 100) / 100;
  return value === low && schema.exclusiveMinimum ? low + (high - low) / 2 : value;
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

/** A value that does not fit `schema`, or fits it only at its edges. */
export function hostileValue(schema: JsonSchema, random: Random, pools: Pools): unknown {
  const roll = random.next();
  if (roll < 0.12) return random.pick([null, true, 42, 'text', [], {}, [[]], { nested: { deeper: [null] } }]);
  switch (schema.type ?? (schema.enum ? 'string' : undefined)) {
    case 'string':
      if (schema.format === 'uuid' && random.chance(0.3)) {
        return random.pick(['not-a-uuid', pools.ids[0]!.toUpperCase(), `${pools.ids[0]}\u0000`, '00000000-0000-0000-0000-000000000000']);
      }
      if (schema.maxLength !== undefined && random.chance(0.1)) return 'y'.repeat(schema.maxLength + 1);
      return random.pick(HOSTILE_STRINGS);
    case 'integer':
    case 'number':
      return random.chance(0.85) ? random.pick(HOSTILE_NUMBERS) : random.pick(['12', '1e3', '0x10', '', ' 5 ']);
    case 'boolean':
      return random.pick(['true', 'false', 1, 0, 'yes', null]);
    case 'array': {
      const item = () =>
        random.chance(0.5) ? hostileValue(schema.items ?? {}, random, pools) : validValue(schema.items ?? {}, random, pools);
      return random.pick([
        () => Array.from({ length: random.int(1, 4) }, item),
        () => Array.from({ length: 2000 }, () => validValue(schema.items ?? {}, random, pools)),
        () => validValue(schema.items ?? {}, random, pools),
        () => [[item()]],
      ])();
    }
    case 'object':
      return random.pick([
        () => ({}),
        () => ({ ...(validValue(schema, random, pools) as object), [`extra_${random.word(4)}`]: hostileValue({}, random, pools) }),
        () => ({ constructor: { prototype: { isAdmin: true } } }),
        () => Object.fromEntries(Object.keys(schema.properties ?? {}).map((name) => [name, random.pick(HOSTILE_STRINGS)])),
      ])();
    default:
      return random.pick([random.pick(HOSTILE_STRINGS), random.pick(HOSTILE_NUMBERS), null, [], {}]);
  }
}

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
