import type { Gen1Device, Wfl } from '@console/contracts';
import * as ids from '../ids.ts';
import type { Person } from '../names.ts';
import { roomNames } from '../names.ts';
import type { Rng } from '../rng.ts';
import { between, DAY, epochSeconds, WORLD_NOW } from '../time.ts';
import { addAccountCases } from './cases.ts';
import { DEVICE_WORDS, PAIRED_TYPES } from './catalog.ts';
import { addLinkDetails } from './details.ts';
import { link, macFor } from './links.ts';
import { addLocation } from './locations.ts';
import { addPanelRows } from './panels.ts';
import { addReadings } from './readings.ts';
import { type Gen1Rows, ID_BLOCK, rowId } from './types.ts';

export interface Gen1Input {
  seed: number;
  index: number;
  rng: Rng;
  person: Person;
  created: Date;
  /** Case flags of this customer, for the world's summary and its tests. */
  flags: Set<string>;
}

function devicesOf(input: Gen1Input, rows: Gen1Rows, wfl: Wfl) {
  const { rng, index } = input;
  const rooms = roomNames(rng, rng.int(1, 5)).map((name, i) => {
    const room = {
      room_id: rowId(index, 'room', rows.rooms.length),
      wfl_id: wfl.wfl_id,
      name,
      room_number: i + 1,
    };
    rows.rooms.push(room);
    return room;
  });
  const count = rng.int(2, 12);
  for (let i = 0; i < count && rows.devices.length < ID_BLOCK.device - 1; i++) {
    const type = rng.weighted(PAIRED_TYPES);
    const room = rng.chance(0.9) ? rng.pick(rooms) : null;
    const device: Gen1Device = {
      device_id: rowId(index, 'device', rows.devices.length),
      device_type_id: type,
      name: `${room ? `${room.name} ` : ''}${rng.pick(DEVICE_WORDS[type] ?? ['Device'])}`,
      serial: ids.serial(input.seed, index, rows.devices.length, 1),
      wfl_id: wfl.wfl_id,
      room_id: room?.room_id ?? null,
      active: rng.chance(0.95) ? 1 : 0,
    };
    rows.devices.push(device);
    if (type === 9) wfl.heating = 1;
  }
  return rooms;
}

/** A Gen1 account: the user, their WiFi links, rooms, devices, and everything hanging off them. */
export function generateGen1(input: Gen1Input, rows: Gen1Rows): void {
  const { rng, index, person, created } = input;
  const userId = rowId(index, 'user', 0);
  rows.users.push({
    user_id: userId,
    email: person.email,
    username: person.username,
    name: person.name,
    role: rng.weighted([
      [null, 95],
      ['commercial', 3],
      ['api_user', 2],
    ] as const),
    active: rng.chance(0.96) ? 1 : 0,
    created: epochSeconds(created),
    updated: epochSeconds(between(rng, created.getTime(), WORLD_NOW)),
    plist_import: rng.chance(0.2) ? 1 : 0,
  });
  const links = rng.weighted([
    [1, 85],
    [2, 12],
    [3, 3],
  ] as const);
  for (let slot = 0; slot < links; slot++) {
    const wfl = link(
      input,
      rows,
      slot,
      userId,
      macFor(input, slot),
      between(rng, created.getTime(), WORLD_NOW - DAY),
    );
    const rooms = devicesOf(input, rows, wfl);
    addLocation(input.seed, index, slot, rows, wfl);
    addLinkDetails(input, rows, wfl, rooms);
    addReadings(input, rows, wfl);
  }
  addAccountCases(input, rows);
  addPanelRows(input.seed, index, rows);
}
