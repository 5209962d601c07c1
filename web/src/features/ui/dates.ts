/**
 * Every date the console shows, in one place. The specifications fix several formats: the legacy
 * screens' d/M/yy days (core spec §3) and dd/MM/yy HH:mm:ss moments (core spec §9, seed 001 §9),
 * Support Plus's dd/MM/yyyy days (seed 001 §9); the rest are local times in en-GB. All in the
 * browser's zone; a missing date shows '—' unless the caller names another blank.
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

/** Epoch seconds as the legacy screens show days: d/M/yy (core spec §3). */
export function formatDay(epochSeconds: number | null | undefined): string {
  const d = toDate(epochSeconds);
  return valid(d) ? `${d.getDate()}/${d.getMonth() + 1}/${two(d.getFullYear() % 100)}` : BLANK;
}

/** A day as dd/MM/yyyy (seed 001 §9). */
export function formatDate(value: string | null | undefined): string {
  const d = toDate(value);
  return valid(d) ? `${two(d.getDate())}/${two(d.getMonth() + 1)}/${d.getFullYear()}` : BLANK;
}

/**
 * A moment as dd/MM/yy HH:mm:ss (core spec §9, seed 001 §9), from epoch seconds, an ISO string or
 * a Date. A string that is not a date is shown as it came: it is what the server holds.
 */
export function formatStamp(value: number | string | Date | null | undefined): string {
  const d = toDate(value);
  if (d === null) return BLANK;
  if (!valid(d)) return String(value);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** HH:mm:ss.SSS of a time in milliseconds (live messages arrive several a second). */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

/** dd/MM/yy HH:mm:ss.SSS of a time in milliseconds (a timeline entry: its day and its clock). */
export function formatMomentMs(ms: number): string {
  return `${formatStamp(new Date(ms)).slice(0, 8)} ${formatClock(ms)}`;
}

/** A time of day on the 24-hour clock with seconds (when an auto-refresh stops). */
export function formatTimeOfDay(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-GB', { hour12: false });
}

/** Local date and time (24-hour) of an ISO string or milliseconds; `blank` when missing. */
export function formatLocal(value: string | number | null | undefined, blank = BLANK): string {
  if (value === null || value === undefined || value === '' || value === 0) return blank;
  return new Date(value).toLocaleString('en-GB', { hour12: false });
}

const medium = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** A date and time in words ('15 Jun 2025, 12:00'); `blank` when missing, the raw text when not a date. */
export function formatMedium(value: string | null | undefined, blank = BLANK): string {
  if (!value) return blank;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : medium.format(d);
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
