import type { Gen1Account } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { wflRawData } from './raw-data.ts';

const wfl = (wfl_id: number) => ({
  wfl_id,
  user_id: 1,
  mac: `74:0A:BC:00:00:0${wfl_id}`,
  name: `W${wfl_id}`,
});

const account = {
  user: { user_id: 1 },
  wfls: [wfl(1), wfl(2)],
  rooms: [
    { room_id: 10, wfl_id: 1, name: 'Kitchen', room_number: 1 },
    { room_id: 20, wfl_id: 2, name: 'Hall', room_number: 1 },
  ],
  devices: [
    { device_id: 100, wfl_id: 1 },
    { device_id: 200, wfl_id: 2 },
  ],
  moods: [
    { mood_id: 1, room_id: 10, name: 'Evening' },
    { mood_id: 2, room_id: 20, name: 'Away' },
  ],
  zones: [{ zone_id: 5, wfl_id: 1, name: 'Ground' }],
  timers: [{ timer_id: 7, wfl_id: 2 }],
  heatingPlans: [{ id: 100, device_id: 999, wfl_id: 2 }],
  inconsistencies: [
    { kind: 'heatingPlanWithoutDevice', id: 100, message: 'Heating plan 100 names missing device 999' },
    { kind: 'deviceWithoutWfl', id: 300, message: 'Device 300 names missing WFL 9' },
  ],
  sharedMacs: [],
} as unknown as Gen1Account;

describe('raw data of one WFL', () => {
  it('keeps only the rows of that WFL, moods following their rooms', () => {
    const d = wflRawData(account, 1);
    expect(d.wfl?.name).toBe('W1');
    expect(d.rooms.map((r) => r.room_id)).toEqual([10]);
    expect(d.devices.map((x) => x.device_id)).toEqual([100]);
    expect(d.moods.map((m) => m.mood_id)).toEqual([1]);
    expect(d.zones.map((z) => z.zone_id)).toEqual([5]);
    expect(d.timers).toEqual([]);
  });

  it('reports the errors of its heating plans by plan id, not a device with the same id', () => {
    expect(wflRawData(account, 1).errors).toEqual([]);
    expect(wflRawData(account, 2).errors.map((e) => e.message)).toEqual([
      'Heating plan 100 names missing device 999',
    ]);
  });

  it('has no WFL row for an unknown id', () => {
    expect(wflRawData(account, 9).wfl).toBeNull();
  });
});
