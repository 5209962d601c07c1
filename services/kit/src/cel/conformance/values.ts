// The spec's expected values (cel.expr.Value in text format) as this evaluator's values, and the strict
// comparison a conformance case needs: the same kind as well as the same value (1 is not 1.0 here).
import {
  CelDuration,
  CelList,
  CelMap,
  CelTimestamp,
  CelType,
  CelUint,
  celEquals,
  isList,
  isMap,
  listAt,
  listSize,
  mapGet,
  mapKey,
  mapKeys,
  mapSize,
  typeName,
  type Val,
} from '../values.ts';
import { isScalar, type Message, type Scalar } from './textproto.ts';

const utf8 = new TextDecoder();

export function one(m: Message, field: string): Scalar | Message | undefined {
  return m[field]?.[0];
}

export function text(v: Scalar | Message | undefined): string {
  if (!v || !isScalar(v)) throw new Error('expected a scalar');
  return v.kind === 'string' ? utf8.decode(v.bytes) : v.text;
}

function double(t: string): number {
  if (/^-?inf(inity)?$/i.test(t)) return t.startsWith('-') ? -Infinity : Infinity;
  if (/^nan$/i.test(t)) return Number.NaN;
  return Number(t.replace(/f$/i, ''));
}

/** Throws for kinds this evaluator has no value for (messages, durations...), so such a case is named as unsupported. */
export function toVal(v: Message): Val {
  const [kind, values] = Object.entries(v)[0] ?? [];
  const x = values?.[0];
  switch (kind) {
    case 'int64_value':
      return BigInt(text(x));
    case 'uint64_value':
      return new CelUint(BigInt(text(x)));
    case 'double_value':
      return double(text(x));
    case 'string_value':
      return text(x);
    case 'bytes_value':
      return (x as Scalar & { kind: 'string' }).bytes;
    case 'bool_value':
      return text(x) === 'true';
    case 'null_value':
      return null;
    case 'type_value':
      return new CelType(text(x));
    case 'list_value':
      return new CelList(((x as Message).values ?? []).map((e) => toVal(e as Message)));
    case 'map_value': {
      const m = new CelMap();
      for (const e of (x as Message).entries ?? []) {
        const k = toVal(one(e as Message, 'key') as Message);
        m.entries.set(mapKey(k) as string, [k, toVal(one(e as Message, 'value') as Message)]);
      }
      return m;
    }
    case 'object_value': {
      // A google.protobuf.Timestamp or Duration in an Any: { seconds, nanos }.
      const [typeUrl, body] = Object.entries(x as Message)[0] ?? [];
      const fields = body?.[0] as Message;
      const ns = BigInt(text(one(fields, 'seconds') ?? { kind: 'token', text: '0' })) * 1_000_000_000n;
      const total = ns + BigInt(text(one(fields, 'nanos') ?? { kind: 'token', text: '0' }));
      if (typeUrl?.endsWith('google.protobuf.Duration]')) return new CelDuration(total);
      if (typeUrl?.endsWith('google.protobuf.Timestamp]')) return new CelTimestamp(total);
      throw new Error(`no value for ${typeUrl}`);
    }
    default:
      throw new Error(`no value of kind ${kind}`);
  }
}

export function sameValue(a: Val, b: Val): boolean {
  if (typeName(a) !== typeName(b)) return false;
  if (typeof a === 'number' && typeof b === 'number') return Object.is(a, b);
  if (isList(a) && isList(b)) {
    if (listSize(a) !== listSize(b)) return false;
    for (let i = 0; i < listSize(a); i++) if (!sameValue(listAt(a, i), listAt(b, i))) return false;
    return true;
  }
  if (isMap(a) && isMap(b)) {
    if (mapSize(a) !== mapSize(b)) return false;
    return mapKeys(a).every((k) => {
      const bv = mapGet(b, k);
      return bv !== mapGet.missing && sameValue(mapGet(a, k) as Val, bv);
    });
  }
  return celEquals(a, b);
}
