import {
  DATA_MONITOR,
  DATA_MONITOR_FORMATS,
  type DataMonitorFormat,
  type GetEnergyBody,
  parseSerialEntries,
} from '@console/contracts';
import { dayString } from '../../shared/ui/dates.ts';

export { dayString };

export const VIEWS = ['graph', 'table'] as const;
export type View = (typeof VIEWS)[number];

/** The data monitor's state as it stands in the URL (so a view can be linked and reloaded). */
export interface DataMonitorParams {
  /** Entries in the `mac->serial<-building|folder` format, one a line or comma-separated. */
  serials?: string;
  /** yyyy-mm-dd, local days: from the start of `from` to the start of `to`. */
  from?: string;
  to?: string;
  interval?: number;
  format?: DataMonitorFormat;
  view?: View;
  page?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Seed 000 §9: yesterday to the following day, interval 15, format 'formatted', the graph. */
export function withDefaults(p: DataMonitorParams, today = new Date()) {
  return {
    serials: p.serials ?? '',
    from: p.from ?? dayString(today, -1),
    to: p.to ?? dayString(today, 1),
    interval: p.interval ?? DATA_MONITOR.interval,
    format: p.format ?? DATA_MONITOR.format,
    view: p.view ?? 'graph',
    page: p.page ?? 0,
  };
}
export type DataMonitorState = ReturnType<typeof withDefaults>;

/** Keeps what is valid of the URL's search; drops the rest (the defaults stand in). */
export function readDataMonitorParams(search: Record<string, unknown>): DataMonitorParams {
  const out: DataMonitorParams = {};
  if (typeof search.serials === 'string' && search.serials.length <= 2000) out.serials = search.serials;
  if (typeof search.from === 'string' && DAY.test(search.from)) out.from = search.from;
  if (typeof search.to === 'string' && DAY.test(search.to)) out.to = search.to;
  const interval = Number(search.interval);
  if (Number.isInteger(interval) && interval >= 1 && interval <= 1440) out.interval = interval;
  if (DATA_MONITOR_FORMATS.includes(search.format as DataMonitorFormat))
    out.format = search.format as DataMonitorFormat;
  if (VIEWS.includes(search.view as View)) out.view = search.view as View;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 0 && page < 1_000_000) out.page = page;
  return out;
}

/** The getEnergy body for a state: local days to instants, entries to the serial → MAC map. */
export function energyBody(s: DataMonitorState): GetEnergyBody {
  const macSerialsMap: Record<string, string> = {};
  for (const e of parseSerialEntries(s.serials).entries) macSerialsMap[e.serial] = e.mac ?? '';
  const [fy, fm, fd] = s.from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = s.to.split('-').map(Number) as [number, number, number];
  return {
    macSerialsMap,
    fromDate: new Date(fy, fm - 1, fd).toISOString(),
    toDate: new Date(ty, tm - 1, td).toISOString(),
    interval: s.interval,
    useIntervalShowAll: false,
  };
}
