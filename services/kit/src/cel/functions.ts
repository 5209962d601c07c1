// The functions the console accepts: size, the string tests, the type conversions, type() and dyn().
// matches() lives in regex.ts. Each function is strict: an error argument is its answer.
import { checkedInt } from './operators.ts';
import { formatDuration, formatTimestamp, secondsOf, timeField, toDuration, toTimestamp } from './time.ts';
import {
  CelDuration,
  CelError,
  CelTimestamp,
  CelType,
  CelUint,
  INT64_MAX,
  isList,
  isMap,
  listSize,
  mapSize,
  noOverload,
  typeName,
  types,
  UINT64_MAX,
  type Val,
} from './values.ts';

export interface Overloads {
  /** As a global call, `size(x)`. */
  global?: (...args: Val[]) => Val;
  /** As a method, `x.size()`: the target is the first argument. */
  method?: (...args: Val[]) => Val;
  arity: number;
  /** When an argument is optional (a time zone). */
  maxArity?: number;
}

const range = (what: string) => new CelError(`${what} out of range`);
const TWO_63 = 2 ** 63;
const TWO_64 = 2 ** 64;

function codePoints(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c < 0xe000) n--;
  }
  return n;
}

function size(v: Val): Val {
  if (typeof v === 'string') return BigInt(codePoints(v));
  if (v instanceof Uint8Array) return BigInt(v.length);
  if (isList(v)) return BigInt(listSize(v));
  if (isMap(v)) return BigInt(mapSize(v));
  return noOverload('size', v);
}

function toInt(v: Val): Val {
  if (typeof v === 'bigint') return v;
  if (v instanceof CelUint) return v.v > INT64_MAX ? range('int') : v.v;
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v <= -TWO_63 || v >= TWO_63) return range('int');
    return BigInt(Math.trunc(v));
  }
  if (typeof v === 'string') {
    return /^[+-]?\d+$/.test(v) ? checkedInt(BigInt(v)) : new CelError(`cannot convert '${v}' to int`);
  }
  if (v instanceof CelTimestamp) return secondsOf(v);
  return noOverload('int', v);
}

function toUint(v: Val): Val {
  if (v instanceof CelUint) return v;
  if (typeof v === 'bigint') return v < 0n ? range('uint') : new CelUint(v);
  if (typeof v === 'number') {
    if (!Number.isFinite(v) || v <= -1 || v >= TWO_64) return range('uint');
    return new CelUint(BigInt(Math.trunc(v)));
  }
  if (typeof v === 'string') {
    if (!/^\+?\d+$/.test(v)) return new CelError(`cannot convert '${v}' to uint`);
    const n = BigInt(v);
    return n > UINT64_MAX ? range('uint') : new CelUint(n);
  }
  return noOverload('uint', v);
}

const DOUBLE_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SPECIAL_DOUBLES: Record<string, number> = {
  NaN: Number.NaN,
  inf: Number.POSITIVE_INFINITY,
  '+inf': Number.POSITIVE_INFINITY,
  '-inf': Number.NEGATIVE_INFINITY,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};

function toDouble(v: Val): Val {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof CelUint) return Number(v.v);
  if (typeof v === 'string') {
    const special = SPECIAL_DOUBLES[v];
    if (special !== undefined) return special;
    return DOUBLE_TEXT.test(v) ? Number(v) : new CelError(`cannot convert '${v}' to double`);
  }
  return noOverload('double', v);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function toCelString(v: Val): Val {
  switch (typeof v) {
    case 'string':
      return v;
    case 'bigint':
    case 'boolean':
      return String(v);
    case 'number':
      return Number.isNaN(v)
        ? 'NaN'
        : v === Number.POSITIVE_INFINITY
          ? '+Inf'
          : v === Number.NEGATIVE_INFINITY
            ? '-Inf'
            : String(v);
  }
  if (v instanceof CelUint) return v.v.toString();
  if (v instanceof CelTimestamp) return formatTimestamp(v);
  if (v instanceof CelDuration) return formatDuration(v);
  if (v instanceof Uint8Array) {
    try {
      return utf8.decode(v);
    } catch {
      return new CelError('bytes are not valid UTF-8');
    }
  }
  return noOverload('string', v);
}

const BOOL_TEXT: Record<string, boolean> = {
  '1': true,
  t: true,
  true: true,
  TRUE: true,
  True: true,
  '0': false,
  f: false,
  false: false,
  FALSE: false,
  False: false,
};

function toBool(v: Val): Val {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string') {
    const b = BOOL_TEXT[v];
    return b ?? new CelError(`cannot convert '${v}' to bool`);
  }
  return noOverload('bool', v);
}

function toBytes(v: Val): Val {
  if (v instanceof Uint8Array) return v;
  if (typeof v === 'string') return new TextEncoder().encode(v);
  return noOverload('bytes', v);
}

function typeOf(v: Val): Val {
  return types[typeName(v)] ?? new CelType(typeName(v));
}

function stringTest(name: string, test: (s: string, sub: string) => boolean) {
  return (s: Val, sub: Val): Val =>
    typeof s === 'string' && typeof sub === 'string' ? test(s, sub) : noOverload(name, s, sub);
}

export const functions: Record<string, Overloads> = {
  size: { global: size, method: size, arity: 1 },
  int: { global: toInt, arity: 1 },
  uint: { global: toUint, arity: 1 },
  double: { global: toDouble, arity: 1 },
  string: { global: toCelString, arity: 1 },
  bool: { global: toBool, arity: 1 },
  bytes: { global: toBytes, arity: 1 },
  type: { global: typeOf, arity: 1 },
  dyn: { global: (v) => v, arity: 1 },
  contains: { method: stringTest('contains', (s, sub) => s.includes(sub)), arity: 2 },
  startsWith: { method: stringTest('startsWith', (s, sub) => s.startsWith(sub)), arity: 2 },
  endsWith: { method: stringTest('endsWith', (s, sub) => s.endsWith(sub)), arity: 2 },
  timestamp: { global: toTimestamp, arity: 1 },
  duration: { global: toDuration, arity: 1 },
  ...Object.fromEntries(
    (
      [
        'getFullYear',
        'getMonth',
        'getDate',
        'getDayOfMonth',
        'getDayOfWeek',
        'getDayOfYear',
        'getHours',
        'getMinutes',
        'getSeconds',
        'getMilliseconds',
      ] as const
    ).map((name) => [name, { method: timeField(name), arity: 1, maxArity: 2 }]),
  ),
};
