import type { Room, Wfl } from '@console/contracts';
import type { Gen1Input } from './accounts.ts';
import { COMMANDS } from './catalog.ts';
import { type Gen1Rows, ID_BLOCK, rowId } from './types.ts';

const MOODS = ['Evening', 'Movie', 'Dinner', 'All off', 'Relax', 'Morning'];
const ZONES = ['Downstairs', 'Upstairs', 'Living area', 'Bedrooms'];
const TIMERS = [
  'Morning lights',
  'Holiday',
  'Heating on',
  'Heating off',
  'Security',
  'Night light',
  'Sunset',
];

const day = (d: number) => new Date(Date.UTC(2025, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);

/** Moods per room, heating zones, timers and events, heating plans of one WiFi link. */
export function addLinkDetails(input: Gen1Input, rows: Gen1Rows, wfl: Wfl, rooms: Room[]): void {
  const { rng, index, flags } = input;
  for (const room of rooms) {
    const count = rng.int(0, 2);
    for (let i = 0; i < count; i++) {
      rows.moods.push({
        mood_id: rowId(index, 'mood', rows.moods.length),
        room_id: room.room_id,
        name: rng.pick(MOODS),
        mood_number: i + 1,
        rank: i,
      });
    }
  }
  const heating = rows.devices.filter((d) => d.wfl_id === wfl.wfl_id && d.device_type_id === 9);
  if (heating.length > 0) {
    const zones = rng.int(1, 2);
    for (let i = 0; i < zones; i++) {
      rows.zones.push({
        zone_id: rowId(index, 'zone', rows.zones.length),
        wfl_id: wfl.wfl_id,
        name: ZONES[i] as string,
      });
    }
  }
  const timers = Math.min(rng.int(0, 4), ID_BLOCK.timer - rows.timers.length);
  for (let i = 0; i < timers; i++) {
    const event = rng.chance(0.3);
    const solar = rng.chance(0.3);
    rows.timers.push({
      timer_id: rowId(index, 'timer', rows.timers.length),
      wfl_id: wfl.wfl_id,
      mac: wfl.mac,
      kind: event ? 'event' : 'timer',
      name: rng.pick(TIMERS),
      start: rng.pick(COMMANDS),
      end: event ? null : rng.pick(COMMANDS),
      device_value: String(rng.int(0, 32)),
      start_time_type: solar ? rng.pick(['sunrise', 'sunset']) : 'time',
      minutes_before_after: solar ? rng.int(-60, 60) : 0,
      start_time: `${String(rng.int(5, 23)).padStart(2, '0')}:${rng.pick(['00', '15', '30', '45'])}`,
      start_date: day(rng.int(0, 120)),
      end_date: event ? null : day(rng.int(150, 400)),
      rank: i,
    });
  }
  for (const device of heating) {
    if (rows.heating_plans.length >= ID_BLOCK.heatingPlan - 1 || !rng.chance(0.6)) continue;
    rows.heating_plans.push({
      id: rowId(index, 'heatingPlan', rows.heating_plans.length),
      device_id: device.device_id,
      wfl_id: wfl.wfl_id,
    });
  }
  if (wfl.wfl_id === rowId(index, 'wfl', 0) && rng.chance(0.01)) {
    // A heating plan whose device does not exist (seed 000 §8): the last device id of the block is never used.
    flags.add('gen1.orphanHeatingPlan');
    rows.heating_plans.push({
      id: rowId(index, 'heatingPlan', rows.heating_plans.length),
      device_id: rowId(index, 'device', ID_BLOCK.device - 1),
      wfl_id: wfl.wfl_id,
    });
  }
}
