import { STATS_LIMITS, STATS_TABS } from '@console/contracts';

/** `/stats` in the URL: the tab, limit, period and pie size, so a view can be linked and reloaded. */
export interface StatsSearch {
  tab?: string;
  limit?: number;
  period?: 'hourly' | 'daily';
  pie?: number;
}

const int = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,4}$/.test(v) ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= STATS_LIMITS.maxLimit ? n : undefined;
};

export function validateStatsSearch(raw: Record<string, unknown>): StatsSearch {
  const out: StatsSearch = {};
  if (typeof raw.tab === 'string' && STATS_TABS.some((t) => t.id === raw.tab)) out.tab = raw.tab;
  const limit = int(raw.limit);
  if (limit) out.limit = limit;
  if (raw.period === 'hourly' || raw.period === 'daily') out.period = raw.period;
  const pie = int(raw.pie);
  if (pie && pie <= (limit ?? STATS_LIMITS.defaultLimit)) out.pie = pie;
  return out;
}
