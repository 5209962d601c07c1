import type { QueuedCommandRow, Wfl } from '@console/contracts';
import type { Rng } from '../rng.ts';
import { DAY, HOUR, MINUTE, recent, SECOND, WORLD_NOW } from '../time.ts';
import type { Gen1Input } from './accounts.ts';
import { COMMANDS } from './catalog.ts';
import { type Gen1Rows, ID_BLOCK, rowId } from './types.ts';

const NODES = ['node-v1-01', 'node-v1-02', 'cmd-03', 'cmd-04'];

/** A poke sent to a link at `requested`: mostly executed and answered OK, some late or unanswered. */
export function queuedCommand(
  rng: Rng,
  id: number,
  wfl: Wfl,
  email: string,
  requested: Date,
): QueuedCommandRow {
  const executed = rng.chance(0.9);
  const replied = executed && rng.chance(0.95);
  const latency = rng.chance(0.05) ? rng.int(3000, 9000) : rng.int(40, 2500);
  const replyDate = replied ? new Date(requested.getTime() + latency) : null;
  return {
    id,
    wfl_id: wfl.wfl_id,
    mac: wfl.mac,
    email: rng.chance(0.9) ? email : 'support@console.local',
    request_date: requested,
    command: rng.pick(COMMANDS),
    reply: replied,
    reply_date: replyDate,
    reply_string: replied
      ? rng.weighted([
          ['OK', 9],
          ['ERR,1,"Not yet registered"', 1],
        ] as const)
      : null,
    latency: replied ? latency : null,
    ack_date: executed ? new Date(requested.getTime() + latency + 5 * SECOND) : null,
  };
}
const half = (n: number) => Math.round(n * 2) / 2;

/** The command queue, latest pings, latest temperature and energy, and energy readings of one link. */
export function addReadings(input: Gen1Input, rows: Gen1Rows, wfl: Wfl): void {
  const { rng, index, person } = input;
  const commands = Math.min(rng.int(0, 6), ID_BLOCK.command - rows.command_queue.length);
  for (let i = 0; i < commands; i++) {
    const requested = recent(rng, 7 * DAY);
    rows.command_queue.push(
      queuedCommand(rng, rowId(index, 'command', rows.command_queue.length), wfl, person.email, requested),
    );
  }
  if (wfl.pingtime !== null) {
    for (let i = 0; i < 3 && rows.pings.length < ID_BLOCK.ping; i++) {
      const n = rng.int(1, 999);
      rows.pings.push({
        id: rowId(index, 'ping', rows.pings.length),
        mac: wfl.mac,
        date: new Date(wfl.pingtime * 1000 - i * 20 * SECOND),
        data: `${n},@H`,
        reply: `${n},OK,${wfl.mac}`,
        node: rng.pick(NODES),
      });
    }
  }
  for (const d of rows.devices) {
    if (d.wfl_id !== wfl.wfl_id) continue;
    // Some readings are stale (over 24 h): those devices count as not active.
    const at = rng.chance(0.85) ? recent(rng, 30 * MINUTE) : recent(rng, 10 * DAY);
    if (d.device_type_id === 9) {
      rows.latest_temperature.push({
        mac: wfl.mac,
        serial: d.serial,
        time: at,
        current_temp: half(14 + rng.next() * 10),
        current_target: half(15 + rng.next() * 7),
      });
    }
    if (d.device_type_id === 13) energy(input, rows, wfl, d.serial, at);
  }
}

function energy(input: Gen1Input, rows: Gen1Rows, wfl: Wfl, serial: string, at: Date) {
  const { rng, index } = input;
  let total = rng.int(0, 500);
  let use = rng.int(0, 3000);
  for (let i = 7; i >= 0 && rows.energy_readings.length < ID_BLOCK.energy; i--) {
    const time = new Date(Math.min(WORLD_NOW, at.getTime() - i * 3 * HOUR));
    use = Math.max(0, use + rng.int(-400, 400));
    // Now and then the meter resets mid-day: the export flags it as '_use_diff < 0'.
    total = rng.chance(0.02) ? rng.int(0, 50) : total + Math.round((use * 3) / 1000);
    rows.energy_readings.push({
      id: rowId(index, 'energy', rows.energy_readings.length),
      mac: wfl.mac,
      serial,
      time,
      current_use: use,
      total_day_use: total,
      created_at: new Date(time.getTime() + rng.int(1, 30) * SECOND),
    });
  }
  rows.latest_energy.push({ mac: wfl.mac, serial, time: at, current_use: use, total_day_use: total });
}
