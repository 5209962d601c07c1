import type { Gen1Account } from '@console/contracts';

/** Everything the account answer holds about one WFL: its row and the rows that name it. */
export interface WflRawData {
  wfl: Gen1Account['wfls'][number] | null;
  rooms: Gen1Account['rooms'];
  devices: Gen1Account['devices'];
  moods: Gen1Account['moods'];
  zones: Gen1Account['zones'];
  timers: Gen1Account['timers'];
  heatingPlans: Gen1Account['heatingPlans'];
  errors: Gen1Account['inconsistencies'];
}

/**
 * The raw data of one WFL (core spec §2 "all raw data"): rows are kept as the server sent them;
 * moods follow their rooms, errors are the account's inconsistencies about this WFL's devices and
 * heating plans.
 */
export function wflRawData(account: Gen1Account, wflId: number): WflRawData {
  const mine = <T extends { wfl_id: number }>(rows: readonly T[]) => rows.filter((r) => r.wfl_id === wflId);
  const rooms = mine(account.rooms);
  const roomIds = new Set(rooms.map((r) => r.room_id));
  const devices = mine(account.devices);
  const heatingPlans = mine(account.heatingPlans);
  const deviceIds = new Set(devices.map((d) => d.device_id));
  const planIds = new Set(heatingPlans.map((h) => h.id));
  return {
    wfl: account.wfls.find((w) => w.wfl_id === wflId) ?? null,
    rooms,
    devices,
    moods: account.moods.filter((m) => roomIds.has(m.room_id)),
    zones: mine(account.zones),
    timers: mine(account.timers),
    heatingPlans,
    errors: account.inconsistencies.filter((i) =>
      i.kind === 'deviceWithoutWfl' ? deviceIds.has(i.id) : planIds.has(i.id),
    ),
  };
}
