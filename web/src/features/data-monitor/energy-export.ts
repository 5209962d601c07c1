import { DATA_MONITOR, type EnergyPage, type EnergyRow, type GetEnergyBody } from '@console/contracts';
import { fetchEnergyPage } from './queries.ts';

/** The most rows one CSV export fetches (20 pages of the API's largest page). */
export const EXPORT_CAP = 10_000;

export interface EnergyExport {
  rows: EnergyRow[];
  /** Rows in the whole range, as the API counted them. */
  total: number;
  /** True when the range holds more than EXPORT_CAP rows: the export stops there. */
  capped: boolean;
}

/**
 * Every row of the range for the CSV (issue 30: the whole result, not the page on screen): the
 * API's pages of its largest size (DATA_MONITOR.maxCount) one after another, oldest first, until
 * the range's total or `cap` rows. `onProgress` hears the rows so far after each page.
 */
export async function fetchAllEnergy(
  body: GetEnergyBody,
  opts: {
    cap?: number;
    signal?: AbortSignal;
    onProgress?: (done: number, total: number) => void;
    /** One page of the API (tests give their own); the real PUT getEnergy otherwise. */
    fetchPage?: (page: number, count: number) => Promise<EnergyPage>;
  } = {},
): Promise<EnergyExport> {
  const cap = opts.cap ?? EXPORT_CAP;
  const count = DATA_MONITOR.maxCount;
  const fetchPage =
    opts.fetchPage ?? ((page: number, n: number) => fetchEnergyPage(body, page, n, opts.signal));
  const rows: EnergyRow[] = [];
  let total = 0;
  for (let page = 0; rows.length < cap; page++) {
    const answer = await fetchPage(page, count);
    total = answer.total;
    rows.push(...answer.rows);
    opts.onProgress?.(Math.min(rows.length, cap), total);
    if (answer.rows.length < count || rows.length >= total) break;
  }
  return { rows: rows.slice(0, cap), total, capped: total > cap };
}

/** What the screen says after an export: how many rows the file holds, and why not all when capped. */
export function exportNote(e: EnergyExport): string {
  const n = (v: number) => v.toLocaleString();
  return e.capped
    ? `The CSV holds the first ${n(e.rows.length)} of ${n(e.total)} rows: an export stops at ${n(EXPORT_CAP)}. Narrow the dates or the serials for the rest.`
    : `The CSV holds all ${n(e.rows.length)} rows of the range.`;
}
