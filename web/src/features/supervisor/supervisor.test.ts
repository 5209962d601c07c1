import type { HostHeartbeat, HostView, LiveEvent } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { formatAge, splitByKind, withHeartbeats } from './host-board.ts';
import type { HostsData } from './queries.ts';
import {
  defaultBefore,
  fromLocalInput,
  sortRows,
  toLocalInput,
  yesterdayMidnight,
} from './worker-defaults.ts';

/** A heartbeat's packet counters: one packet a second, none dropped. */
const COUNTERS = { packetsBetween: 1, secondsBetween: 1, droppedBetween: 0, droppedTotal: 0 };
const beat = (id: string, at: string): HostHeartbeat => ({
  _id: id,
  name: id,
  host: `${id}.local`,
  hostType: 'other',
  kind: 'command',
  supervisor: { name: `s-${id}`, state: 'RUNNING', uptime: 5 },
  lastUpdate: at,
  stats: {
    lastHeartBeat: { createdDate: at, ...COUNTERS },
    lastCmd: { time: at },
    lastRestart: [],
    perSecondAvgShifted: 1,
  },
});
const host = (id: string, kind: string, at: string | null): HostView => ({
  _id: id,
  name: id,
  host: id,
  hostType: 'other',
  kind,
  latest: at ? beat(id, at) : null,
  heartbeats: 1,
  addedAt: '2025-01-01T00:00:00.000Z',
  derived: {
    heartbeat: 'ok',
    heartbeatAgeMs: 0,
    supervisorOk: true,
    supervisorState: 'RUNNING',
    packetsPerSecond: 1,
    perSecondAvgShifted: 1,
    slow: null,
    recentRestarts: [],
  },
});
const event = (data: unknown): LiveEvent => ({
  epoch: 'e',
  offset: 1,
  subject: 's',
  at: 0,
  data,
  kind: 'heartbeat',
});

describe('the supervisord board', () => {
  it('splits hosts into command and data monitor nodes', () => {
    const { command, datamonitor } = splitByKind([
      host('a', 'command', null),
      host('b', 'datamonitor', null),
    ]);
    expect(command.map((h) => h._id)).toEqual(['a']);
    expect(datamonitor.map((h) => h._id)).toEqual(['b']);
  });

  it('takes newer live heartbeats, ignores older ones and says when a host is new', () => {
    const old: HostsData = {
      hosts: [host('a', 'command', '2025-01-01T00:01:00.000Z')],
      thresholds: { heartbeatOkMs: 120_000, slowMs: 3000, restartWindowMs: 3_600_000 },
      at: '2025-01-01T00:01:00.000Z',
      skewMs: 0,
    };
    const newer = withHeartbeats(old, [event(beat('a', '2025-01-01T00:02:00.000Z'))]);
    expect(newer.data?.hosts[0]?.latest?.lastUpdate).toBe('2025-01-01T00:02:00.000Z');
    expect(newer.unknown).toBe(false);
    const older = withHeartbeats(old, [event(beat('a', '2025-01-01T00:00:00.000Z')), event(null)]);
    expect(older.data?.hosts[0]?.latest?.lastUpdate).toBe('2025-01-01T00:01:00.000Z');
    expect(withHeartbeats(old, [event(beat('z', '2025-01-01T00:02:00.000Z'))]).unknown).toBe(true);
  });

  it('says ages the way a person reads them', () => {
    expect(formatAge(null)).toBe('—');
    expect(formatAge(45_000)).toBe('45 s');
    expect(formatAge(3 * 60_000)).toBe('3 min');
    expect(formatAge((2 * 60 + 5) * 60_000)).toBe('2 h 5 min');
  });
});

describe('worker connection defaults', () => {
  it('start from yesterday midnight and look 90 days back for old records', () => {
    const now = new Date(2025, 4, 10, 15, 30);
    expect(yesterdayMidnight(now)).toEqual(new Date(2025, 4, 9, 0, 0));
    expect(defaultBefore(now)).toEqual(new Date(2025, 1, 9, 15, 30));
    expect(toLocalInput(new Date(2025, 4, 9, 7, 5))).toBe('2025-05-09T07:05');
    expect(fromLocalInput('2025-05-09T07:05')).toBe(new Date(2025, 4, 9, 7, 5).toISOString());
    expect(fromLocalInput('')).toBeNull();
  });

  it('sort numbers as numbers and put missing values last', () => {
    const rows = [
      { id: 'a', n: 10, s: null },
      { id: 'b', n: 9, s: 'x' },
      { id: 'c', n: 100, s: 'a' },
    ];
    expect(sortRows(rows, 'n', 'asc').map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, 'n', 'desc').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, 's', 'asc').map((r) => r.id)).toEqual(['c', 'b', 'a']);
  });
});
