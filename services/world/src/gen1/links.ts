import type { Wfl } from '@console/contracts';
import * as ids from '../ids.ts';
import { between, DAY, epochSeconds, MINUTE, recent, WORLD_NOW } from '../time.ts';
import type { Gen1Input } from './accounts.ts';
import { type Gen1Rows, rowId } from './types.ts';

// The WFL slot a second account's link takes; also the id an orphan device points at when unused.
export const SPARE_WFL = 3;

export function macFor(input: Gen1Input, slot: number): string {
  const { rng } = input;
  const brand = rng.weighted([
    ['vendor', 92],
    ['coco', 4],
    ['nexa', 4],
  ] as const);
  const first =
    brand === 'vendor' ? null : brand === 'coco' ? rng.pick([0x10, 0x11]) : rng.pick([0x12, 0x13]);
  return ids.mac(input.seed, input.index, slot, first, rng);
}

export function link(
  input: Gen1Input,
  rows: Gen1Rows,
  slot: number,
  userId: number,
  mac: string,
  created: Date,
): Wfl {
  const { rng } = input;
  const online = rng.chance(0.8);
  const wfl: Wfl = {
    wfl_id: rowId(input.index, 'wfl', slot),
    user_id: userId,
    mac,
    name: rng.pick(['WiFi Link', 'Link', 'Home link', 'LightwaveRF', 'Downstairs link', 'Garage link']),
    serial: ids.serial(input.seed, input.index, 48 + slot, 1),
    firmware: rng.weighted([
      ['V2.9', 2],
      ['V2.91', 3],
      ['V2.95', 4],
      ['V3.0', 1],
      [null, 1],
    ] as const),
    active: rng.chance(0.96) ? 1 : 0,
    created: epochSeconds(created),
    updated: epochSeconds(between(rng, created.getTime(), WORLD_NOW)),
    heating: 0,
    pingtime: online
      ? epochSeconds(recent(rng, 2 * MINUTE))
      : rng.chance(0.7)
        ? epochSeconds(recent(rng, 90 * DAY))
        : null,
  };
  rows.wfls.push(wfl);
  return wfl;
}
