import { WORLD_MAP } from '@console/contracts';
import { dayString } from '../../shared/ui/dates.ts';

/** The world map's controls as they stand in the URL (so a view can be linked and reloaded). */
export interface WorldMapParams {
  /** yyyy-mm-dd, local days: from the start of `from` to the end of `to`. */
  from?: string;
  to?: string;
  energy?: boolean;
  onlyLw?: boolean;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function readWorldMapParams(search: Record<string, unknown>): WorldMapParams {
  const out: WorldMapParams = {};
  if (typeof search.from === 'string' && DAY.test(search.from)) out.from = search.from;
  if (typeof search.to === 'string' && DAY.test(search.to)) out.to = search.to;
  if (search.energy === true || search.energy === 'true') out.energy = true;
  if (search.onlyLw === true || search.onlyLw === 'true') out.onlyLw = true;
  return out;
}

/** Seed 002 §9: the last 6 days, today included. */
export function withDefaults(p: WorldMapParams, today = new Date()) {
  return {
    from: p.from ?? dayString(today, -WORLD_MAP.defaultDays),
    to: p.to ?? dayString(today, 0),
    energy: p.energy ?? false,
    onlyLw: p.onlyLw ?? false,
  };
}
export type WorldMapState = ReturnType<typeof withDefaults>;

/** Local midnight of a yyyy-mm-dd day. */
export const startOfDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

/** The API's range: from the start of `from` to the start of the day after `to`. */
export function rangeOf(s: Pick<WorldMapState, 'from' | 'to'>) {
  const to = startOfDay(s.to);
  to.setDate(to.getDate() + 1);
  return { from: startOfDay(s.from).toISOString(), to: to.toISOString() };
}
