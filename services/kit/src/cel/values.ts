// CEL values as JavaScript values. int is a bigint, double a number, uint a CelUint, bytes a Uint8Array,
// null is null. Lists and maps built by an expression are CelList / CelMap (their members are already CEL
// values); a plain array or object coming from the caller's data is a list or map too, but its members are
// converted on access (fromHost), so a message is never copied up front.

export class CelUint {
  readonly v: bigint;
  constructor(v: bigint) {
    this.v = v;
  }
}

export class CelType {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

/** An evaluation error is a value: `false && error` is false, so errors travel until something decides. */
export class CelError {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

/** An instant, in nanoseconds since 1970-01-01T00:00:00Z (google.protobuf.Timestamp's range). */
export class CelTimestamp {
  readonly ns: bigint;
  constructor(ns: bigint) {
    this.ns = ns;
  }
}

/** A signed span of time in nanoseconds (google.protobuf.Duration's range). */
export class CelDuration {
  readonly ns: bigint;
  constructor(ns: bigint) {
    this.ns = ns;
  }
}

export class CelList {
  readonly items: Val[];
  constructor(items: Val[]) {
    this.items = items;
  }
}

/** A map with CEL keys (int, uint, string, bool); numeric keys of equal value are the same key. */
export class CelMap {
  readonly entries = new Map<string, [Val, Val]>();
}

export type Val =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | CelUint
  | CelType
  | CelError
  | CelList
  | CelMap
  | CelTimestamp
  | CelDuration
  | readonly unknown[]
  | { readonly [key: string]: unknown };

export const INT64_MAX = 9223372036854775807n;
export const INT64_MIN = -9223372036854775808n;
export const UINT64_MAX = 18446744073709551615n;

export const types = Object.fromEntries(
  ['int', 'uint', 'double', 'bool', 'string', 'bytes', 'list', 'map', 'null_type', 'type'].map((n) => [
    n,
    new CelType(n),
  ]),
) as Record<string, CelType>;

export function noOverload(op: string, ...args: Val[]): CelError {
  return new CelError(`no such overload: ${op}(${args.map(typeName).join(', ')})`);
}

/** The caller's data as a CEL value: a safe integer is an int, any other number a double. */
export function fromHost(v: unknown): Val {
  switch (typeof v) {
    case 'number':
      return Number.isSafeInteger(v) ? BigInt(v) : v;
    case 'string':
    case 'boolean':
    case 'bigint':
      return v;
    case 'undefined':
      return null;
    case 'object':
      return v as Val;
    default:
      return new CelError(`unsupported value of type ${typeof v}`);
  }
}

export function typeName(v: Val): string {
  switch (typeof v) {
    case 'bigint':
      return 'int';
    case 'number':
      return 'double';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
  }
  if (v === null) return 'null_type';
  if (v instanceof CelUint) return 'uint';
  if (v instanceof Uint8Array) return 'bytes';
  if (v instanceof CelList || Array.isArray(v)) return 'list';
  if (v instanceof CelType) return 'type';
  if (v instanceof CelError) return 'error';
  if (v instanceof CelTimestamp) return 'google.protobuf.Timestamp';
  if (v instanceof CelDuration) return 'google.protobuf.Duration';
  return 'map';
}

export function isList(v: Val): v is CelList | readonly unknown[] {
  return v instanceof CelList || Array.isArray(v);
}

export function isMap(v: Val): v is CelMap | { readonly [key: string]: unknown } {
  if (v instanceof CelMap) return true;
  if (typeof v !== 'object' || v === null) return false;
  // The caller's data: plain objects only (a class instance is not a map).
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function listSize(v: CelList | readonly unknown[]): number {
  return v instanceof CelList ? v.items.length : v.length;
}

export function listAt(v: CelList | readonly unknown[], i: number): Val {
  return v instanceof CelList ? (v.items[i] as Val) : fromHost(v[i]);
}

/** The normalised key of a map entry, or undefined when the value cannot be a key. */
export function mapKey(k: Val): string | undefined {
  switch (typeof k) {
    case 'string':
      return `s${k}`;
    case 'bigint':
      return `n${k}`;
    case 'boolean':
      return k ? 'bt' : 'bf';
    case 'number':
      return Number.isInteger(k) ? `n${BigInt(k)}` : undefined;
  }
  if (k instanceof CelUint) return `n${k.v}`;
  return undefined;
}

export function isKeyType(k: Val): boolean {
  return typeof k === 'string' || typeof k === 'bigint' || typeof k === 'boolean' || k instanceof CelUint;
}

const missing = Symbol('missing');

/** The value under `key`, or `missing`; a plain object is keyed by strings only. */
export function mapGet(m: CelMap | { readonly [key: string]: unknown }, key: Val): Val | typeof missing {
  if (m instanceof CelMap) {
    const nk = mapKey(key);
    const e = nk === undefined ? undefined : m.entries.get(nk);
    return e === undefined ? missing : e[1];
  }
  if (typeof key !== 'string' || !Object.hasOwn(m, key)) return missing;
  return fromHost(m[key]);
}
mapGet.missing = missing;

export function mapSize(m: CelMap | { readonly [key: string]: unknown }): number {
  return m instanceof CelMap ? m.entries.size : Object.keys(m).length;
}

export function mapKeys(m: CelMap | { readonly [key: string]: unknown }): Val[] {
  return m instanceof CelMap ? [...m.entries.values()].map((e) => e[0]) : Object.keys(m);
}

export function isNumeric(v: Val): v is bigint | number | CelUint {
  return typeof v === 'bigint' || typeof v === 'number' || v instanceof CelUint;
}

/** int and uint compare exactly; against a double, both are compared as doubles (as CEL's reference does). */
function numericPair(
  a: bigint | number | CelUint,
  b: bigint | number | CelUint,
): [bigint, bigint] | [number, number] {
  const x = a instanceof CelUint ? a.v : a;
  const y = b instanceof CelUint ? b.v : b;
  if (typeof x === 'bigint' && typeof y === 'bigint') return [x, y];
  return [Number(x), Number(y)];
}

/** CEL's heterogeneous equality: numbers compare by value across int, uint and double; other kinds never equal. */
export function celEquals(a: Val, b: Val): boolean {
  if (a === b) return typeof a !== 'number' || !Number.isNaN(a);
  if (isNumeric(a)) {
    if (!isNumeric(b)) return false;
    const [x, y] = numericPair(a, b);
    return x === y;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Uint8Array) return b instanceof Uint8Array && bytesCompare(a, b) === 0;
  if (a instanceof CelType) return b instanceof CelType && a.name === b.name;
  if (a instanceof CelTimestamp) return b instanceof CelTimestamp && a.ns === b.ns;
  if (a instanceof CelDuration) return b instanceof CelDuration && a.ns === b.ns;
  if (isList(a)) {
    if (!isList(b) || listSize(a) !== listSize(b)) return false;
    for (let i = 0; i < listSize(a); i++) if (!celEquals(listAt(a, i), listAt(b, i))) return false;
    return true;
  }
  if (isMap(a)) {
    if (!isMap(b) || mapSize(a) !== mapSize(b)) return false;
    for (const k of mapKeys(a)) {
      const bv = mapGet(b, k);
      if (bv === missing || !celEquals(mapGet(a, k) as Val, bv)) return false;
    }
    return true;
  }
  return false;
}

export function bytesCompare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

/** Strings order by code point (as UTF-8 bytes would), not by UTF-16 unit. */
export function stringCompare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a.charCodeAt(i) !== b.charCodeAt(i))
      return (a.codePointAt(i) as number) - (b.codePointAt(i) as number);
  }
  return a.length - b.length;
}

/** -1, 0, 1, NaN (unordered doubles) or an error for kinds without an order. */
export function celCompare(a: Val, b: Val, op: string): number | CelError {
  if (typeof a === 'string' && typeof b === 'string') return Math.sign(stringCompare(a, b));
  if (isNumeric(a) && isNumeric(b)) {
    const [x, y] = numericPair(a, b);
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : Number.NaN;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Math.sign(bytesCompare(a, b));
  if (
    (a instanceof CelTimestamp && b instanceof CelTimestamp) ||
    (a instanceof CelDuration && b instanceof CelDuration)
  ) {
    return a.ns < b.ns ? -1 : a.ns > b.ns ? 1 : 0;
  }
  return noOverload(op, a, b);
}
