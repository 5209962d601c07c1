/**
 * Every date the console shows, in one format (issue 30): the browser's locale for the order of
 * day, month and year (the same order its date inputs use), always the 24-hour clock, and the time
 * zone where a moment stands alone in a sentence (formatLocal, formatMedium). Tables and logs leave
 * the zone out: every time on the console is in the browser's zone. One helper, formatDateTime,
 * makes them all; the named functions below are its uses. A missing date shows '—' unless the
 * caller names another blank.
 */
const two = (n: number) => String(n).padStart(2, '0');
const BLANK = '—';

/** A moment from epoch seconds (the Gen1 rows), an ISO string or a Date; null when missing. */
function toDate(value: number | string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return value;
  return typeof value === 'number' ? new Date(value * 1000) : new Date(value);
}

const valid = (d: Date | null): d is Date => d !== null && !Number.isNaN(d.getTime());

/** What a formatted moment shows. */
export interface DateTimeParts {
  /** 'date': the day; 'time': the time of day; 'datetime' (default): both. */
  show?: 'date' | 'time' | 'datetime';
  /** Milliseconds after the seconds (live messages arrive several a second). */
  ms?: boolean;
  /** The time zone's short name after the time ('UTC', 'CET', 'GMT+1'). */
  zone?: boolean;
  /** Leave the seconds out (hourly chart buckets). */
  noSeconds?: boolean;
  /** In UTC rather than the browser's zone (the statistics' day and hour buckets are UTC). */
  utc?: boolean;
  /** A locale other than the browser's (tests). */
  locale?: string;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter({
  show = 'datetime',
  ms = false,
  zone = false,
  noSeconds = false,
  utc = false,
  locale,
}: DateTimeParts) {
  const key = `${show}|${ms}|${zone}|${noSeconds}|${utc}|${locale ?? ''}`;
  let f = formats.get(key);
  if (!f) {
    const day: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
    const time: Intl.DateTimeFormatOptions = {
      hour: '2-digit',
      minute: '2-digit',
      ...(noSeconds ? {} : { second: '2-digit' }),
      hourCycle: 'h23',
      ...(ms ? { fractionalSecondDigits: 3 } : {}),
      ...(zone ? { timeZoneName: 'short' } : {}),
    };
    f = new Intl.DateTimeFormat(locale, {
      ...(utc ? { timeZone: 'UTC' } : {}),
      ...(show === 'time' ? {} : day),
      ...(show === 'date' ? {} : time),
    });
    formats.set(key, f);
  }
  return f;
}

/**
 * The console's one date-time format: a Date or milliseconds in the browser's locale, 24-hour,
 * in the browser's zone; `blank` when missing or not a date.
 */
export function formatDateTime(
  value: Date | number | null | undefined,
  parts: DateTimeParts = {},
  blank = BLANK,
) {
  if (value === null || value === undefined) return blank;
  const d = value instanceof Date ? value : new Date(value);
  return valid(d) ? formatter(parts).format(d) : blank;
}

/** Epoch seconds (the Gen1 rows) as a day. */
export function formatDay(epochSeconds: number | null | undefined): string {
  return formatDateTime(toDate(epochSeconds), { show: 'date' });
}

/** An ISO string as a day. */
export function formatDate(value: string | null | undefined): string {
  return formatDateTime(toDate(value), { show: 'date' });
}

/**
 * A moment (day and time to the second) from epoch seconds, an ISO string or a Date. A string
 * that is not a date is shown as it came: it is what the server holds.
 */
export function formatStamp(value: number | string | Date | null | undefined): string {
  const d = toDate(value);
  if (d === null) return BLANK;
  return valid(d) ? formatDateTime(d) : String(value);
}

/** The time of day to the millisecond, of a time in milliseconds (live messages). */
export function formatClock(ms: number): string {
  return formatDateTime(ms, { show: 'time', ms: true });
}

/** Day and time to the millisecond, of a time in milliseconds (a timeline entry). */
export function formatMomentMs(ms: number): string {
  return formatDateTime(ms, { ms: true });
}

/** A time of day to the second (when an auto-refresh or a live stream stopped). */
export function formatTimeOfDay(ms: number): string {
  return formatDateTime(ms, { show: 'time' });
}

/** Day, time and zone of an ISO string or milliseconds, standing alone in a sentence; `blank` when missing. */
export function formatLocal(value: string | number | null | undefined, blank = BLANK): string {
  if (value === null || value === undefined || value === '' || value === 0) return blank;
  return formatDateTime(new Date(value), { zone: true }, blank);
}

/** Day, time and zone of an ISO string; `blank` when missing, the raw text when not a date. */
export function formatMedium(value: string | null | undefined, blank = BLANK): string {
  if (!value) return blank;
  const d = new Date(value);
  return valid(d) ? formatDateTime(d, { zone: true }) : value;
}

/** A Date as the value of an `<input type="datetime-local">` (local time, to the minute). */
export function toLocalInput(d: Date): string {
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A date or datetime-local input's value back to ISO (UTC) for the API; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  const d = toDate(value);
  return valid(d) ? d.toISOString() : null;
}

/** A local day as yyyy-mm-dd, `offset` days from `today` (the date inputs' value). */
export function dayString(today: Date, offset: number): string {
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}
