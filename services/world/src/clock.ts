import type { Customer } from './customer.ts';
import type { Gen1Table } from './gen1/types.ts';
import { DAY, SECOND, WORLD_NOW } from './time.ts';

/**
 * A world's now. The generator works on its reference clock (WORLD_NOW, fixed, so output is the
 * same on any day); a world is then moved, whole, to its own now: every date by the same amount,
 * so the same seed gives the same customers, ids and relative ages whenever it is loaded.
 */
export function worldNow(now?: Date | number | string | null): number {
  if (now === undefined || now === null || now === '') return Math.floor(Date.now() / SECOND) * SECOND;
  const t = typeof now === 'number' ? now : new Date(now).getTime();
  if (!Number.isFinite(t)) throw new RangeError(`Not a date for the world's now: ${String(now)}`);
  return Math.floor(t / SECOND) * SECOND;
}

/** Gen1 columns held as epoch seconds (the rest are dates, moved with the documents' dates). */
const EPOCH_COLUMNS: Partial<Record<Gen1Table, readonly string[]>> = {
  users: ['created', 'updated'],
  wfls: ['created', 'updated', 'pingtime'],
  wfl_locations: ['created'],
  wfl_plists: ['imported'],
  wfl_triggers: ['created'],
};

/**
 * Moves every date of a generated customer by `ms` (whole seconds): the customer in a world whose
 * now is WORLD_NOW + ms. With `floor`, no date ends before it (a customer who joins then has no past).
 */
export function shiftCustomer(c: Pick<Customer, 'gen1' | 'gen2'>, ms: number, floor = -Infinity): void {
  if (ms === 0 && floor === -Infinity) return;
  shiftDates(c.gen2, ms, floor);
  const secs = Math.round(ms / SECOND);
  const days = Math.round(ms / DAY);
  const floorSecs = Math.ceil(floor / SECOND);
  for (const [table, rows] of Object.entries(c.gen1) as [Gen1Table, Record<string, unknown>[]][]) {
    const epoch = EPOCH_COLUMNS[table] ?? [];
    for (const row of rows) {
      shiftDates(row, ms, floor);
      for (const col of epoch) {
        if (typeof row[col] === 'number') row[col] = Math.max(floorSecs, (row[col] as number) + secs);
      }
    }
  }
  for (const t of c.gen1.timers) {
    t.start_date = shiftDay(t.start_date, days) as string;
    t.end_date = shiftDay(t.end_date, days);
  }
  for (const a of c.gen1.api_command_log) {
    a.raw = JSON.stringify({ ...(JSON.parse(a.raw) as object), time: a.time.toISOString() });
  }
}

/** Every Date inside `value` (objects and arrays, in place) moved by `ms`, and not before `floor`. */
export function shiftDates(value: unknown, ms: number, floor = -Infinity): void {
  const moved = (d: Date) => new Date(Math.max(floor, d.getTime() + ms));
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v instanceof Date) value[i] = moved(v);
      else if (v && typeof v === 'object') shiftDates(v, ms, floor);
    }
    return;
  }
  if (!value || typeof value !== 'object') return;
  const o = value as Record<string, unknown>;
  for (const k in o) {
    const v = o[k];
    if (v instanceof Date) o[k] = moved(v);
    else if (v && typeof v === 'object') shiftDates(v, ms, floor);
  }
}

function shiftDay(day: string | null, days: number): string | null {
  if (!day) return day;
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** How far a world whose now is `now` is moved from the generator's reference clock. */
export const shiftOf = (now: number) => now - WORLD_NOW;
