import type { TSchema } from '@sinclair/typebox';

/** The broker's `max_payload` (NATS default, infra's nats.conf): no answer may be larger. */
export const BROKER_MAX_PAYLOAD = 1024 * 1024;

/**
 * What a string without `maxLength` is counted as when bounding an answer: an assumption (names,
 * ids, labels), not a guarantee; a string that can be longer must say its own `maxLength`.
 */
export const ASSUMED_STRING_LENGTH = 256;
/** `-1.2345678901234567e+308`; a whole number within ±2^53 has at most 17 characters. */
const NUMBER_LENGTH = 24;
const INTEGER_LENGTH = 17;
const KEY_LENGTH = 64;

export interface PayloadBound {
  /** Worst-case JSON size in bytes (Infinity when a list or map below is unbounded). */
  bytes: number;
  /** Where an array has no `maxItems` or a map no `maxProperties` (`$.rows[].tags`). */
  unbounded: string[];
}

const json = (v: unknown) => JSON.stringify(v)?.length ?? 4;

function stringBound(s: TSchema): number {
  if (typeof s.maxLength === 'number') return s.maxLength * 2 + 2; // escapes at most double
  if (s.format === 'date-time') return 32;
  if (s.format === 'date') return 12;
  return ASSUMED_STRING_LENGTH + 2;
}

/**
 * The largest JSON a value of `schema` can be, and every unbounded list or map in it. Unions take
 * their largest member; objects count every property (optional ones too).
 */
export function payloadBound(schema: TSchema, at = '$', seen: Set<TSchema> = new Set()): PayloadBound {
  if (seen.has(schema)) return { bytes: Number.POSITIVE_INFINITY, unbounded: [`${at} (recursive)`] };
  const inner = new Set(seen).add(schema);
  const walk = (s: TSchema, p: string) => payloadBound(s, p, inner);
  if ('const' in schema) return { bytes: json(schema.const), unbounded: [] };
  if (Array.isArray(schema.enum)) return { bytes: Math.max(...schema.enum.map(json)), unbounded: [] };
  const members = (schema.anyOf ?? schema.oneOf) as TSchema[] | undefined;
  if (members) {
    const all = members.map((m) => walk(m, at));
    return { bytes: Math.max(...all.map((b) => b.bytes)), unbounded: all.flatMap((b) => b.unbounded) };
  }
  if (schema.allOf) {
    const all = (schema.allOf as TSchema[]).map((m) => walk(m, at));
    return { bytes: all.reduce((n, b) => n + b.bytes, 0), unbounded: all.flatMap((b) => b.unbounded) };
  }
  switch (schema.type) {
    case 'string':
      return { bytes: stringBound(schema), unbounded: [] };
    case 'number':
      return { bytes: NUMBER_LENGTH, unbounded: [] };
    case 'integer':
      return { bytes: INTEGER_LENGTH, unbounded: [] };
    case 'boolean':
      return { bytes: 5, unbounded: [] };
    case 'null':
      return { bytes: 4, unbounded: [] };
    case 'array': {
      const items = schema.items as TSchema | TSchema[] | undefined;
      if (Array.isArray(items)) {
        const all = items.map((s, i) => walk(s, `${at}[${i}]`));
        return {
          bytes: 2 + all.reduce((n, b) => n + b.bytes + 1, 0),
          unbounded: all.flatMap((b) => b.unbounded),
        };
      }
      const item = items ? walk(items, `${at}[]`) : { bytes: ASSUMED_STRING_LENGTH, unbounded: [] };
      if (typeof schema.maxItems !== 'number')
        return { bytes: Number.POSITIVE_INFINITY, unbounded: [`${at}[]`, ...item.unbounded] };
      return { bytes: 2 + schema.maxItems * (item.bytes + 1), unbounded: item.unbounded };
    }
    case 'object': {
      const props = Object.entries((schema.properties ?? {}) as Record<string, TSchema>).map(([k, s]) => ({
        key: k,
        b: walk(s, `${at}.${k}`),
      }));
      let bytes = 2 + props.reduce((n, { key, b }) => n + json(key) + 2 + b.bytes, 0);
      const unbounded = props.flatMap(({ b }) => b.unbounded);
      const open = Object.values((schema.patternProperties ?? {}) as Record<string, TSchema>);
      if (typeof schema.additionalProperties === 'object') open.push(schema.additionalProperties as TSchema);
      for (const s of open) {
        const v = walk(s, `${at}{}`);
        unbounded.push(...v.unbounded);
        if (typeof schema.maxProperties !== 'number') {
          unbounded.push(`${at}{}`);
          bytes = Number.POSITIVE_INFINITY;
        } else bytes += schema.maxProperties * (KEY_LENGTH + 4 + v.bytes);
      }
      return { bytes, unbounded };
    }
    default:
      // Unknown / Any: an answer the schema does not describe.
      return { bytes: Number.POSITIVE_INFINITY, unbounded: [`${at} (any)`] };
  }
}
