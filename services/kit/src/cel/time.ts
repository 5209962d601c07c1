// timestamp() and duration(): RFC 3339 instants and Go-style spans ("1h30m", "1.5s"), kept in nanoseconds
// as bigints so the spec's nanosecond cases are exact; the spec's ranges (years 1 to 9999, a span within
// one int64 of nanoseconds) are enforced, past them is an error. Calendar fields come from JavaScript's Date (UTC
// arithmetic only) and, for a named time zone, the offset from Intl.
import { CelDuration, CelError, CelTimestamp, noOverload, type Val } from './values.ts';

const NS = 1_000_000_000n;
const MIN_SECONDS = -62_135_596_800n; // 0001-01-01T00:00:00Z
const MAX_SECONDS = 253_402_300_799n; // 9999-12-31T23:59:59Z
// The spec limits a duration to one int64 of nanoseconds (about ±292 years).
const MAX_SPAN = 9_223_372_036_854_775_807n;
const range = (what: string) => new CelError(`${what} out of range`);

export function timestampOf(ns: bigint): CelTimestamp | CelError {
  return ns < MIN_SECONDS * NS || ns > MAX_SECONDS * NS + NS - 1n ? range('timestamp') : new CelTimestamp(ns);
}

export function durationOf(ns: bigint): CelDuration | CelError {
  return ns < -MAX_SPAN || ns > MAX_SPAN ? range('duration') : new CelDuration(ns);
}

/** Floor division: negative instants still fall in the right second and millisecond. */
const floorDiv = (a: bigint, b: bigint) => (a % b < 0n ? a / b - 1n : a / b);
const floorMod = (a: bigint, b: bigint) => ((a % b) + b) % b;

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

function utcMillis(y: number, mo: number, d: number, h: number, mi: number, s: number): number | undefined {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, 0);
  const ok = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return ok && h < 24 && mi < 60 && s < 60 ? date.getTime() : undefined;
}

export function parseTimestamp(text: string): Val {
  const m = RFC3339.exec(text);
  if (!m) return new CelError(`cannot parse '${text}' as an RFC 3339 timestamp`);
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const ms = utcMillis(y, mo, d, h, mi, s);
  if (ms === undefined || y < 1) return range('timestamp');
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) : 0;
  const fraction = BigInt((m[7] ?? '').padEnd(9, '0'));
  return timestampOf((BigInt(ms) / 1000n - BigInt(offsetMinutes * 60)) * NS + fraction);
}

export function formatTimestamp(t: CelTimestamp): string {
  const seconds = floorDiv(t.ns, NS);
  const nanos = floorMod(t.ns, NS);
  // Years 1 to 9999 print as four digits: 2009-02-13T23:31:30.000Z
  const iso = new Date(Number(seconds) * 1000).toISOString();
  const fraction = nanos === 0n ? '' : `.${nanos.toString().padStart(9, '0').replace(/0+$/, '')}`;
  return `${iso.slice(0, 19)}${fraction}Z`;
}

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  µs: 1000n,
  ms: 1_000_000n,
  s: NS,
  m: 60n * NS,
  h: 3600n * NS,
};

export function parseDuration(text: string): Val {
  const m = /^([+-]?)(.+)$/.exec(text);
  const body = m?.[2] ?? '';
  if (body === '0') return new CelDuration(0n);
  const part = /(\d+)?(?:\.(\d*))?(ns|us|µs|ms|s|m|h)/y;
  let total = 0n;
  let at = 0;
  while (at < body.length) {
    part.lastIndex = at;
    const p = part.exec(body);
    if (!p || (p[1] === undefined && !p[2])) return new CelError(`cannot parse '${text}' as a duration`);
    const unit = UNITS[p[3] as string] as bigint;
    const digits = p[2] ?? '';
    total +=
      BigInt(p[1] ?? '0') * unit + (digits ? (BigInt(digits) * unit) / 10n ** BigInt(digits.length) : 0n);
    at = part.lastIndex;
  }
  if (at === 0) return new CelError(`cannot parse '${text}' as a duration`);
  return durationOf(m?.[1] === '-' ? -total : total);
}

export function formatDuration(d: CelDuration): string {
  const sign = d.ns < 0n ? '-' : '';
  const abs = d.ns < 0n ? -d.ns : d.ns;
  const nanos = abs % NS;
  const fraction = nanos === 0n ? '' : `.${nanos.toString().padStart(9, '0').replace(/0+$/, '')}`;
  return `${sign}${abs / NS}${fraction}s`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The offset from UTC, in ms, of `zone` (an IANA name, or [+-]HH:MM) at the instant `ms`. */
function offsetAt(zone: string, ms: number): number | CelError {
  const fixed = /^([+-])?(\d{2}):(\d{2})$/.exec(zone);
  if (fixed) return (fixed[1] === '-' ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3])) * 60_000;
  let format = zoneFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        ...Object.fromEntries(
          ['year', 'month', 'day', 'hour', 'minute', 'second'].map((f) => [f, 'numeric']),
        ),
      });
    } catch {
      return new CelError(`unknown time zone '${zone}'`);
    }
    if (zoneFormats.size > 100) zoneFormats.clear();
    zoneFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(ms).map((p) => [p.type, Number(p.value)]));
  const local = utcMillis(
    parts.year ?? 0,
    parts.month ?? 0,
    parts.day ?? 0,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return local === undefined
    ? new CelError(`time zone '${zone}' failed`)
    : local - Math.floor(ms / 1000) * 1000;
}

type Field = 'getFullYear' | 'getMonth' | 'getDate' | 'getDayOfMonth' | 'getDayOfWeek' | 'getDayOfYear';
type Clock = 'getHours' | 'getMinutes' | 'getSeconds' | 'getMilliseconds';

function calendar(t: CelTimestamp, field: Field | Clock, zone: Val | undefined): Val {
  const ms = Number(floorDiv(t.ns, 1_000_000n));
  let offset = 0;
  if (zone !== undefined) {
    if (typeof zone !== 'string') return noOverload(field, t, zone);
    const o = offsetAt(zone, ms);
    if (o instanceof CelError) return o;
    offset = o;
  }
  const local = new Date(ms + offset);
  const yearStart = new Date(0);
  yearStart.setUTCFullYear(local.getUTCFullYear(), 0, 1);
  const values: Record<Field | Clock, number> = {
    getFullYear: local.getUTCFullYear(),
    getMonth: local.getUTCMonth(),
    getDate: local.getUTCDate(),
    getDayOfMonth: local.getUTCDate() - 1,
    getDayOfWeek: local.getUTCDay(),
    getDayOfYear: Math.floor((local.getTime() - yearStart.getTime()) / 86_400_000),
    getHours: local.getUTCHours(),
    getMinutes: local.getUTCMinutes(),
    getSeconds: local.getUTCSeconds(),
    getMilliseconds: Number(floorMod(t.ns, NS) / 1_000_000n),
  };
  return BigInt(values[field]);
}

const SPAN_UNITS: Record<Clock, bigint> = {
  getHours: 3600n * NS,
  getMinutes: 60n * NS,
  getSeconds: NS,
  getMilliseconds: 1_000_000n,
};

/** A timestamp's calendar field (in UTC or the zone given), or a duration's whole hours/minutes/seconds. */
export function timeField(field: Field | Clock) {
  return (v: Val, zone?: Val): Val => {
    if (v instanceof CelTimestamp) return calendar(v, field, zone);
    if (v instanceof CelDuration && zone === undefined && field in SPAN_UNITS) {
      // getMilliseconds is the millisecond part of the span (as the spec has it), the others the whole span.
      if (field === 'getMilliseconds') return (v.ns % NS) / 1_000_000n;
      return v.ns / SPAN_UNITS[field as Clock];
    }
    return zone === undefined ? noOverload(field, v) : noOverload(field, v, zone);
  };
}

export function toTimestamp(v: Val): Val {
  if (v instanceof CelTimestamp) return v;
  if (typeof v === 'string') return parseTimestamp(v);
  if (typeof v === 'bigint')
    return v < MIN_SECONDS || v > MAX_SECONDS ? range('timestamp') : new CelTimestamp(v * NS);
  return noOverload('timestamp', v);
}

export function toDuration(v: Val): Val {
  if (v instanceof CelDuration) return v;
  if (typeof v === 'string') return parseDuration(v);
  return noOverload('duration', v);
}

/** `+` and `-` between instants and spans; undefined when neither side is one. */
export function timeArithmetic(op: '+' | '-', a: Val, b: Val): Val | undefined {
  if (a instanceof CelTimestamp && b instanceof CelDuration)
    return timestampOf(op === '+' ? a.ns + b.ns : a.ns - b.ns);
  if (a instanceof CelDuration && b instanceof CelDuration)
    return durationOf(op === '+' ? a.ns + b.ns : a.ns - b.ns);
  if (op === '+' && a instanceof CelDuration && b instanceof CelTimestamp) return timestampOf(a.ns + b.ns);
  if (op === '-' && a instanceof CelTimestamp && b instanceof CelTimestamp) return durationOf(a.ns - b.ns);
  return undefined;
}

export const secondsOf = (t: CelTimestamp): bigint => floorDiv(t.ns, NS);
