import type { LatestEnergy, LatestTemperature } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { operationUrl } from '../../../shared/api/call.ts';
import { apiRequest } from '../../../shared/api/client.ts';

/** Seed 000 §4: a heating or energy device counts as active when its last data is under 24 h old. */
export const DEVICE_FRESH_MS = 24 * 60 * 60 * 1000;

/** The `{mac8}` of the data monitor's calls: the MAC's last 8 hex digits. */
export const mac8 = (mac: string) =>
  mac
    .replace(/[^0-9a-f]/gi, '')
    .slice(-8)
    .toUpperCase();

export type ReadingKind = 'temps' | 'energy';

/** A latest reading as the panels show it: its time and its two values (temp/target or use/day use). */
export interface Reading {
  time: string;
  values: [number, number];
}

/** GET /api/supportdm/getLatest{Temps|Energy}/{serial}/{mac8} (seed 000 §7). */
export function latestQueryOptions(kind: ReadingKind, serial: string, mac: string) {
  const path = operationUrl(kind === 'temps' ? 'search.getLatestTemps' : 'search.getLatestEnergy', {
    params: { serial, mac8: mac8(mac) },
  });
  return queryOptions({
    queryKey: ['wfl', mac, 'latest', kind, serial] as const,
    queryFn: async ({ signal }): Promise<Reading | null> => {
      const r = await apiRequest<LatestTemperature | LatestEnergy | null>(path, { signal });
      if (!r) return null;
      return 'current_temp' in r
        ? { time: r.time, values: [r.current_temp, r.current_target] }
        : { time: r.time, values: [r.current_use, r.total_day_use] };
    },
    retry: false,
  });
}
