/**
 * fast-check arbitraries read from the TypeBox schemas of the operations table: `validOf` makes
 * values of the schema's shape (within its bounds and patterns), `hostileOf` makes what a careless
 * or malicious caller sends instead (wrong types, huge or strange text, negative / non-finite
 * numbers, missing and extra fields, path traversal and injection-looking strings). Used by the
 * operation fuzz (`tests/chaos/operation-fuzz.test.ts`).
 */
import { Kind, OptionalKind, type TSchema } from '@sinclair/typebox';
import fc from 'fast-check';

type Json = Record<string, unknown>;
/** A schema read by its symbol keys (Kind, OptionalKind). */
type Tagged = Record<symbol, unknown>;

/**
 * Known-good values by field name (ids, MACs, confirmations that exist in the test's world), so
 * valid-shaped cases reach the service's work instead of stopping at "not found". Each value is
 * turned into the field's type (text or number) where it fits.
 */
export type Hints = Readonly<Record<string, readonly (string | number)[]>>;

/** Longest text a valid-shaped string gets when its schema sets no bound (keeps cases cheap). */
const SOFT_MAX_LENGTH = 40;
const MAX_ITEMS = 4;

/** Strings chosen to look like attacks or to trip naive parsing; none is valid for a typed field. */
export const NASTY_STRINGS = [
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  '..\\..\\windows\\win.ini',
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '" OR ""="',
  '{"$gt": ""}',
  '{"$where": "sleep(1000)"}',
  '$ne',
  '<script>alert(1)</script>',
  '$' + '{7*7}{{7*7}}',
  '%00',
  '%',
  '\\',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-1',
  '-0',
  '1e309',
  '0x1f',
  '99999999999999999999999999',
  ' 1 ',
  '',
  ' ',
  '*',
  '>',
  'a.b.*',
  '\u202eevil\u202c',
  'ḁ̴̛͔̗̲̩̭b̷̧̜c',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\r\nSet-Cookie: x=1',
] as const;

const hugeString = fc.constantFrom(2_000, 20_000, 200_000).map((n) => 'A'.repeat(n));

/** Any hostile value for a slot of any type: wrong types, odd numbers, nasty and huge text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  { weight: 1, arbitrary: hugeString },
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.constantFrom(-1, -0, 0, 1.5, -(2 ** 53), 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  // NaN and ±Infinity travel as null in JSON; as text in a path or query.
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom({ $gt: '' }, { $ne: null }, { $where: 'sleep(100)' }, { __proto__: { admin: true } }),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

function isOptional(s: TSchema): boolean {
  return (s as unknown as Tagged)[OptionalKind] === 'Optional';
}

function stringOf(s: TSchema): fc.Arbitrary<string> {
  const minLength = (s.minLength as number | undefined) ?? 0;
  const maxLength = (s.maxLength as number | undefined) ?? Math.max(minLength, SOFT_MAX_LENGTH);
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2015-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (typeof s.pattern === 'string')
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((v) => v.length >= minLength && v.length <= maxLength);
  const soft = Math.min(maxLength, Math.max(minLength, SOFT_MAX_LENGTH));
  return fc.oneof(
    fc.string({ minLength, maxLength: soft }),
    fc.string({ unit: 'grapheme', minLength, maxLength: soft }),
  );
}

function numberOf(s: TSchema, integer: boolean): fc.Arbitrary<number> {
  const min = (s.minimum as number | undefined) ?? (s.exclusiveMinimum as number | undefined);
  const max = (s.maximum as number | undefined) ?? (s.exclusiveMaximum as number | undefined);
  if (integer) {
    const lo = min ?? -1_000_000;
    return fc.integer({ min: lo, max: max ?? Math.max(lo, 0) + 1_000_000 });
  }
  return fc.double({ min: min ?? -1e9, max: max ?? 1e9, noNaN: true, noDefaultInfinity: true });
}

/** Values of the schema's shape: within bounds, patterns and literals, optional fields sometimes left out. */
export function validOf(s: TSchema, hints: Hints = {}, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  switch ((s as unknown as Tagged)[Kind]) {
    case 'String':
      return stringOf(s);
    case 'Integer':
      return numberOf(s, true);
    case 'Number':
      return numberOf(s, false);
    case 'Boolean':
      return fc.boolean();
    case 'Literal':
      return fc.constant(s.const);
    case 'Null':
      return fc.constant(null);
    case 'Union':
      return fc.oneof(...(s.anyOf as TSchema[]).map((a) => validOf(a, hints, depth + 1)));
    case 'Array':
      return fc.array(validOf(s.items as TSchema, hints, depth + 1), {
        minLength: (s.minItems as number | undefined) ?? 0,
        maxLength: Math.min((s.maxItems as number | undefined) ?? MAX_ITEMS, MAX_ITEMS),
      });
    case 'Object': {
      const props = (s.properties ?? {}) as Record<string, TSchema>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props))
        model[k] = hinted(v, hints[k], validOf(v, hints, depth + 1));
      const requiredKeys = Object.keys(props).filter((k) => !isOptional(props[k] as TSchema));
      return fc.record(model, { requiredKeys });
    }
    case 'Record': {
      const [pattern, value] = Object.entries((s.patternProperties ?? {}) as Record<string, TSchema>)[0] ?? [
        '^.*$',
        { [Kind]: 'Unknown' } as TSchema,
      ];
      const key = pattern === '^.*$' ? fc.string({ maxLength: 12 }) : fc.stringMatching(new RegExp(pattern));
      return fc.dictionary(key, validOf(value, hints, depth + 1), { maxKeys: MAX_ITEMS });
    }
    case 'Intersect':
      return fc
        .tuple(...(s.allOf as TSchema[]).map((a) => validOf(a, hints, depth + 1)))
        .map((parts) => Object.assign({}, ...parts));
    default:
      // Unknown / Any: anything JSON.
      return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
}

/** The field's known-good values (as its type) three times in four, else any value of its shape. */
function hinted(s: TSchema, known: readonly (string | number)[] | undefined, any: fc.Arbitrary<unknown>) {
  const kind = (s as unknown as Tagged)[Kind];
  const fitting = (known ?? []).flatMap((v): (string | number)[] => {
    if (kind === 'String') return [String(v)];
    if ((kind === 'Integer' || kind === 'Number') && Number.isFinite(Number(v))) return [Number(v)];
    return [];
  });
  if (fitting.length === 0) return any;
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...fitting) }, { weight: 1, arbitrary: any });
}

/** A copy of `value` with its `n`-th nested slot (depth first, modulo their number) set to `bad`. */
function spoilNested(value: unknown, n: number, bad: unknown): unknown {
  const copy = structuredClone(value);
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (v: unknown) => {
    if (!v || typeof v !== 'object') return;
    const entries: [string | number, unknown][] = Array.isArray(v)
      ? v.map((item, i) => [i, item])
      : Object.entries(v);
    for (const [k, item] of entries) {
      slots.push([v as Record<string, unknown>, k]);
      walk(item);
    }
  };
  walk(copy);
  const slot = slots[n % Math.max(1, slots.length)];
  if (!slot) return copy;
  const [parent, key] = slot;
  (parent as Record<string | number, unknown>)[key] = bad;
  return copy;
}

/** The object's keys, required first (the ones worth deleting or spoiling). */
function keysOf(s: TSchema): string[] {
  return Object.keys((s.properties ?? {}) as Record<string, TSchema>);
}

/**
 * A hostile input where an object of schema `s` is expected: a valid-shaped object with one field
 * spoiled, a required field missing or an extra field added; or (for a body) not an object at all.
 */
export function hostileOf(s: TSchema, opts: { whole?: boolean; hints?: Hints } = {}): fc.Arbitrary<unknown> {
  const valid = validOf(s, opts.hints) as fc.Arbitrary<Json>;
  const keys = keysOf(s);
  const variants: fc.Arbitrary<unknown>[] = [
    fc
      .tuple(valid, fc.string({ minLength: 1, maxLength: 12 }), hostileValue)
      .map(([v, k, x]) => ({ ...v, [k]: x })),
    fc.tuple(valid, fc.constantFrom('__proto__', 'constructor', '$where', 'a.b')).map(([v, k]) => {
      const out = { ...v };
      Object.defineProperty(out, k, { value: { polluted: true }, enumerable: true });
      return out;
    }),
  ];
  if (keys.length > 0) {
    const key = fc.constantFrom(...keys);
    variants.push(
      fc.tuple(valid, key, hostileValue).map(([v, k, x]) => ({ ...v, [k]: x })),
      fc.tuple(valid, key, hostileValue).map(([v, k, x]) => ({ ...v, [k]: x })),
      fc.tuple(valid, key).map(([v, k]) => {
        const out = { ...v };
        delete out[k];
        return out;
      }),
    );
  }
  // Deeper: one value anywhere inside (an array item, a nested object's field) spoiled.
  variants.push(fc.tuple(valid, fc.nat(), hostileValue).map(([v, n, x]) => spoilNested(v, n, x)));
  if (opts.whole) variants.push(hostileValue);
  return fc.oneof(...variants);
}
