import { LONG_OFFLINE_MS } from '@console/contracts';
import type { Row } from './tab-pages.ts';

/**
 * Each connection (newest first) with how long the link was off line before it: from the end of
 * the next older connection to this one's start. Over five minutes is "long offline" (seed 001 §9).
 */
export function withOffline(rows: Row[]): Row[] {
  return rows.map((row, i) => {
    const older = rows[i + 1];
    if (!older) return { ...row, offlineMs: null, longOffline: false };
    const gap = Date.parse(String(row.createdDate)) - Date.parse(String(older.removedDate));
    const offlineMs = Number.isFinite(gap) ? Math.max(0, gap) : null;
    return { ...row, offlineMs, longOffline: offlineMs !== null && offlineMs > LONG_OFFLINE_MS };
  });
}

/** A duration in milliseconds as "2d 3h", "4h 12m", "5m 3s" or "12s". */
export function formatDuration(ms: number): string {
  const s = Math.round(ms / 1000);
  const [d, h, m] = [Math.floor(s / 86400), Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60)];
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${s % 60}s`;
  return `${s}s`;
}
