import type { Rng } from './rng.ts';

/**
 * The generated world's clock. Fixed, so the same seed and size give byte-identical output on any
 * day. Customers join between WORLD_START and WORLD_NOW; their histories run up to WORLD_NOW (a
 * reply or a reading may land a few seconds after it).
 */
export const WORLD_START = Date.UTC(2016, 0, 1);
export const WORLD_NOW = Date.UTC(2025, 5, 1);

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A date between `from` and `to` (ms), to the second. */
export function between(rng: Rng, from: number, to: number): Date {
  const span = Math.max(0, Math.floor((to - from) / SECOND));
  return new Date(from + rng.int(0, span) * SECOND);
}

/** A date within `ms` before WORLD_NOW, but not before `notBefore`. */
export function recent(rng: Rng, ms: number, notBefore = WORLD_START): Date {
  return between(rng, Math.max(notBefore, WORLD_NOW - ms), WORLD_NOW);
}

export const epochSeconds = (d: Date | number) =>
  Math.floor((typeof d === 'number' ? d : d.getTime()) / SECOND);
