import { GEN1_DEVICE_TYPES, type Wfl } from '@console/contracts';
import { deriveSeed, Rng } from '../rng.ts';
import type { Gen1Rows } from './types.ts';

// Its own stream per link, so adding locations changed no other generated value.
const LOCATION_STREAM = 0x10ca;

/**
 * Towns (lat, long, weight) each brand's links gather around: the product's across the UK and
 * Ireland, Coco's in the Netherlands and Belgium, Nexa's in Sweden and Norway.
 */
const TOWNS = {
  vendor: [
    [51.51, -0.13, 30],
    [52.49, -1.89, 8],
    [53.48, -2.24, 8],
    [53.8, -1.55, 5],
    [55.86, -4.25, 6],
    [55.95, -3.19, 4],
    [51.45, -2.59, 4],
    [53.41, -2.98, 4],
    [54.97, -1.61, 3],
    [51.48, -3.18, 3],
    [52.95, -1.15, 3],
    [54.6, -5.93, 3],
    [50.37, -4.14, 2],
    [50.82, -0.14, 3],
    [52.2, 0.12, 2],
    [51.75, -1.26, 2],
    [57.15, -2.09, 2],
    [53.35, -6.26, 3],
    [50.72, -3.53, 2],
    [52.63, 1.3, 2],
  ],
  coco: [
    [52.37, 4.9, 4],
    [51.92, 4.48, 3],
    [52.09, 5.12, 2],
    [51.44, 5.47, 2],
    [50.85, 4.35, 2],
  ],
  nexa: [
    [59.33, 18.07, 4],
    [57.71, 11.97, 3],
    [55.6, 13.0, 2],
    [59.91, 10.75, 2],
  ],
} as const;

function brandOf(mac: string): keyof typeof TOWNS {
  const first = mac.slice(0, 2);
  if (first === '10' || first === '11') return 'coco';
  if (first === '12' || first === '13') return 'nexa';
  return 'vendor';
}

/** Some installs report nothing, 0/0, or numbers outside the globe (the map lists them apart). */
function badPoint(rng: Rng): [number | null, number | null] {
  return rng.pick([
    [null, null],
    [0, 0],
    [rng.int(91, 999), rng.int(-5, 5)],
    [rng.int(50, 58), rng.int(181, 999)],
  ] as const) as [number | null, number | null];
}

const round5 = (n: number) => Math.round(n * 1e5) / 1e5;

/** The link's map marker: a place near one of its brand's towns (2 % bad), and whether it meters energy. */
export function addLocation(seed: number, index: number, slot: number, rows: Gen1Rows, wfl: Wfl): void {
  const rng = new Rng(deriveSeed(seed, index, LOCATION_STREAM, slot));
  const [lat, long] = rng.chance(0.02)
    ? badPoint(rng)
    : (() => {
        const towns = TOWNS[brandOf(wfl.mac)];
        const [lat, long] = rng.weighted(towns.map((t) => [t, t[2]] as const));
        // Spread around the town: most within ~20 km, a few out in the country.
        const r = 0.35 * Math.sqrt(-2 * Math.log(1 - rng.next()));
        const a = 2 * Math.PI * rng.next();
        return [round5(lat + r * Math.sin(a) * 0.6), round5(long + r * Math.cos(a))];
      })();
  const energy = rows.devices.some(
    (d) => d.wfl_id === wfl.wfl_id && d.device_type_id === GEN1_DEVICE_TYPES.energy,
  );
  rows.wfl_locations.push({
    wfl_id: wfl.wfl_id,
    mac: wfl.mac,
    lat,
    long,
    energy: energy ? 1 : 0,
    created: wfl.created,
  });
}
