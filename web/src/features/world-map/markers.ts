import { type MapMarker, WORLD_MAP } from '@console/contracts';

export type LayerId = 'product' | 'coco' | 'nexa';

export const LAYERS: readonly { id: LayerId; label: string; color: string; visible: boolean }[] = [
  { id: 'product', label: WORLD_MAP.productLayer, color: '#1c7ed6', visible: true },
  { id: 'coco', label: 'Coco', color: '#e8590c', visible: false },
  { id: 'nexa', label: 'Nexa', color: '#2f9e44', visible: false },
];

/** The layer of a link by the first byte of its MAC (10, 11 Coco; 12, 13 Nexa; others the product). */
export function layerOf(mac: string): LayerId {
  const first = mac.slice(0, 2);
  if ((WORLD_MAP.cocoPrefixes as readonly string[]).includes(first)) return 'coco';
  if ((WORLD_MAP.nexaPrefixes as readonly string[]).includes(first)) return 'nexa';
  return 'product';
}

/** Only LW: leaves out the partner brands' MACs (10, 11, 12, 13). */
export const isLightwave = (m: Pick<MapMarker, 'mac'>) => layerOf(m.mac) === 'product';

/** Missing, 0/0 or off the globe: listed apart instead of drawn. */
export function hasBadCoordinates(m: Pick<MapMarker, 'lat' | 'long'>): boolean {
  const { lat, long } = m;
  if (lat === null || long === null || !Number.isFinite(lat) || !Number.isFinite(long)) return true;
  if (lat === 0 && long === 0) return true;
  return lat < -90 || lat > 90 || long < -180 || long > 180;
}

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/**
 * The links added on the day of `today` and on the day before it (local days). The screen passes
 * the To date's day, which is today for the default range.
 */
export function addedOn(markers: readonly MapMarker[], today: Date) {
  const yesterday = new Date(today);
  yesterday.setDate(today.getDate() - 1);
  const t = dayKey(today);
  const y = dayKey(yesterday);
  const todays: MapMarker[] = [];
  let yesterdayCount = 0;
  for (const m of markers) {
    const key = dayKey(new Date(m.time));
    if (key === t) todays.push(m);
    else if (key === y) yesterdayCount++;
  }
  return { today: todays, yesterdayCount };
}

/** The next batch size: 1, 2, 4, … up to 1,500 (seed 002 §4, §9). */
export const nextBatch = (size: number) =>
  Math.min(WORLD_MAP.maxBatch, Math.max(WORLD_MAP.firstBatch, size * 2));
