import { AUTH_PAYLOAD_SHOWN, SECRET_KEYS } from './rules.ts';

const MAX_DEPTH = 40;

/**
 * A document as the generic query returns it: secret keys removed at any depth (even when a
 * projection asked for them), only the shown counters of an authPayload, ObjectIds as hex,
 * dates as ISO strings, binary data left out.
 */
export function redact(value: unknown, depth = 0, inAuthPayload = false): unknown {
  if (depth > MAX_DEPTH) return null;
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? Number(value) : value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  const bsontype = (value as { _bsontype?: string })._bsontype;
  if (bsontype === 'ObjectId') return String(value);
  if (bsontype === 'Long' || bsontype === 'Double' || bsontype === 'Int32' || bsontype === 'Decimal128') {
    return Number(String(value));
  }
  if (bsontype || value instanceof Uint8Array) return undefined;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1)).filter((v) => v !== undefined);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_KEYS.test(k)) continue;
    if (inAuthPayload && !AUTH_PAYLOAD_SHOWN.has(k)) continue;
    const r = redact(v, depth + 1, k === 'authPayload');
    if (r !== undefined) out[k] = r;
  }
  return out;
}
