// The operators' overloads: arithmetic within one numeric kind (int, uint, double never mix), overflow and
// division by zero as errors, heterogeneous equality and ordering, `in` over lists and maps.
import { timeArithmetic } from './time.ts';
import {
  CelError,
  CelList,
  CelUint,
  celCompare,
  celEquals,
  INT64_MAX,
  INT64_MIN,
  isList,
  isMap,
  listAt,
  listSize,
  mapGet,
  noOverload,
  UINT64_MAX,
  type Val,
} from './values.ts';

export type BinaryOp = (a: Val, b: Val) => Val;

const overflow = new CelError('integer overflow');
const divByZero = new CelError('division by zero');
const modByZero = new CelError('modulus by zero');

export function checkedInt(n: bigint): bigint | CelError {
  return n > INT64_MAX || n < INT64_MIN ? overflow : n;
}

function checkedUint(n: bigint): CelUint | CelError {
  return n > UINT64_MAX || n < 0n ? overflow : new CelUint(n);
}

function concatBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function listItems(v: CelList | readonly unknown[]): Val[] {
  return v instanceof CelList ? v.items : Array.from({ length: v.length }, (_, i) => listAt(v, i));
}

function arith(
  op: string,
  ints: (a: bigint, b: bigint) => bigint | CelError,
  doubles: ((a: number, b: number) => number) | undefined,
  extra?: (a: Val, b: Val) => Val | undefined,
): BinaryOp {
  return (a, b) => {
    if (typeof a === 'bigint' && typeof b === 'bigint') {
      const r = ints(a, b);
      return typeof r === 'bigint' ? checkedInt(r) : r;
    }
    if (typeof a === 'number' && typeof b === 'number' && doubles) return doubles(a, b);
    if (a instanceof CelUint && b instanceof CelUint) {
      const r = ints(a.v, b.v);
      return typeof r === 'bigint' ? checkedUint(r) : r;
    }
    if (a instanceof CelError) return a;
    if (b instanceof CelError) return b;
    return extra?.(a, b) ?? noOverload(op, a, b);
  };
}

function compare(op: string, test: (c: number) => boolean): BinaryOp {
  return (a, b) => {
    if (a instanceof CelError) return a;
    if (b instanceof CelError) return b;
    const c = celCompare(a, b, op);
    return c instanceof CelError ? c : test(c);
  };
}

export const binaryOps: Record<string, BinaryOp> = {
  '+': arith(
    '_+_',
    (x, y) => x + y,
    (x, y) => x + y,
    (a, b) => {
      if (typeof a === 'string' && typeof b === 'string') return a + b;
      if (a instanceof Uint8Array && b instanceof Uint8Array) return concatBytes(a, b);
      if (isList(a) && isList(b)) return new CelList([...listItems(a), ...listItems(b)]);
      return timeArithmetic('+', a, b);
    },
  ),
  '-': arith(
    '_-_',
    (x, y) => x - y,
    (x, y) => x - y,
    (a, b) => timeArithmetic('-', a, b),
  ),
  '*': arith(
    '_*_',
    (x, y) => x * y,
    (x, y) => x * y,
  ),
  '/': arith(
    '_/_',
    (x, y) => (y === 0n ? divByZero : x / y),
    (x, y) => x / y,
  ),
  '%': arith('_%_', (x, y) => (y === 0n ? modByZero : x % y), undefined),
  '==': (a, b) => (a instanceof CelError ? a : b instanceof CelError ? b : celEquals(a, b)),
  '!=': (a, b) => (a instanceof CelError ? a : b instanceof CelError ? b : !celEquals(a, b)),
  '<': compare('_<_', (c) => c < 0),
  '<=': compare('_<=_', (c) => c <= 0),
  '>': compare('_>_', (c) => c > 0),
  '>=': compare('_>=_', (c) => c >= 0),
  in: (a, b) => {
    if (a instanceof CelError) return a;
    if (b instanceof CelError) return b;
    if (isList(b)) {
      for (let i = 0; i < listSize(b); i++) if (celEquals(a, listAt(b, i))) return true;
      return false;
    }
    if (isMap(b)) return mapGet(b, a) !== mapGet.missing;
    return noOverload('@in', a, b);
  },
};

export function negate(v: Val): Val {
  if (typeof v === 'bigint') return checkedInt(-v);
  if (typeof v === 'number') return -v;
  return v instanceof CelError ? v : noOverload('-_', v);
}

export function not(v: Val): Val {
  if (typeof v === 'boolean') return !v;
  return v instanceof CelError ? v : noOverload('!_', v);
}
