import type { AutomationCard, LiveEvent, StructureDetail } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { classesByVolume, readCounts, withLive } from '../overview/overview-live.ts';
import type { OverviewData } from '../queries.ts';
import {
  bySet,
  defaultCustomer,
  deviceGroups,
  filterDevices,
  isLongSerial,
  orderDevices,
  page,
  viewAutomations,
} from './structure-view.ts';

const auto = (name: string, category: string, set: string | null): AutomationCard => ({
  groupId: `g-${name}`,
  name,
  active: true,
  category,
  scriptType: 'x',
  features: [],
  groups: [],
  missingGroups: [],
  automationSet: set,
});

describe('structure detail helpers', () => {
  it('filters, sorts and groups automations as the tab does', () => {
    const list = [
      auto('Night', 'heating', 's1'),
      auto('morning', 'lights', 's2'),
      auto('Noon', 'lights', null),
    ];
    expect(viewAutomations(list, { sort: 'name', prefix: '', category: 'all' }).map((a) => a.name)).toEqual([
      'morning',
      'Night',
      'Noon',
    ]);
    expect(viewAutomations(list, { sort: 'name', prefix: 'n', category: 'all' }).map((a) => a.name)).toEqual([
      'Night',
      'Noon',
    ]);
    expect(
      viewAutomations(list, { sort: 'category', prefix: '', category: 'all' }).map((a) => a.name),
    ).toEqual(['Night', 'morning', 'Noon']);
    expect(viewAutomations(list, { sort: 'name', prefix: 'o', category: 'lights' })).toEqual([]);
    expect(bySet(list).map((s) => [s.set, s.automations.length])).toEqual([
      ['s1', 1],
      ['s2', 1],
      [null, 1],
    ]);
  });

  it('finds devices by name, serial or code in every category', () => {
    const dev = (name: string, serial: string | null) =>
      ({ name, serial, productCode: 'L42', virtualProductCode: null, deviceId: `d-${name}` }) as never;
    const cats = [
      { category: 'power', devices: [dev('Lamp', 'BC2B25AA'), dev('Fan', null)] },
      { category: 'other', devices: [] },
    ] as unknown as StructureDetail['devices'];
    expect(filterDevices(cats, 'bc2b2').map((c) => c.devices.length)).toEqual([1, 0]);
    expect(filterDevices(cats, '')).toBe(cats);
    expect(isLongSerial('1234567890123456')).toBe(true);
    expect(isLongSerial('123456789012345')).toBe(false);
  });

  it('orders each category by name, product code, status or device number, keeping the stored order', () => {
    const dev = (name: string, productCode: string, deviceStatus: string, n: number) =>
      ({ name, productCode, deviceStatus, deviceId: `s-${n}-7+0` }) as never;
    const cats = [
      {
        category: 'power',
        devices: [
          dev('b2', 'L42', 'connected', 10),
          dev('B10', 'L41', 'disconnected', 2),
          dev('a', 'L42', 'unknown', 3),
        ],
      },
    ] as unknown as StructureDetail['devices'];
    const names = (order: Parameters<typeof orderDevices>[1]) =>
      orderDevices(cats, order)[0]?.devices.map((d) => d.name);
    expect(orderDevices(cats, 'structure')).toBe(cats);
    expect(names('name')).toEqual(['a', 'b2', 'B10']);
    expect(names('productCode')).toEqual(['B10', 'a', 'b2']);
    expect(names('status')).toEqual(['B10', 'a', 'b2']);
    expect(names('deviceNumber')).toEqual(['B10', 'a', 'b2']);
    expect(cats[0]?.devices.map((d) => d.name)).toEqual(['b2', 'B10', 'a']);
  });

  it('opens notes on the owner, else the licence holder, else the first user', () => {
    const u = (userId: string, levels: string[], v5AppliedHere = false) => ({
      userId,
      levels,
      v5AppliedHere,
    });
    const s = { userRootAccess: [{ userId: 'r' }] };
    const of = (users: unknown[]) => defaultCustomer({ users, structure: s } as never);
    expect(of([u('a', ['user']), u('b', ['owner'])])).toBe('b');
    expect(of([u('a', ['user']), u('c', ['admin'], true)])).toBe('c');
    expect(of([u('a', ['user'])])).toBe('a');
    expect(of([])).toBe('r');
  });

  it('pages a list', () => {
    expect(page([1, 2, 3, 4, 5], 2, 2)).toEqual({ items: [3, 4], pages: 3 });
    expect(page([1, 2], 9, 2)).toEqual({ items: [1, 2], pages: 1 });
    expect(page([], 1, 2)).toEqual({ items: [], pages: 1 });
  });
});

describe('live overview counts', () => {
  const ev = (at: number, data: unknown, kind: LiveEvent['kind'] = 'counts'): LiveEvent => ({
    epoch: 'e',
    offset: at,
    subject: 'overview',
    at,
    data,
    kind,
  });
  const base = { counts: { links: 3 }, live: null } as unknown as OverviewData;

  it('writes the newest counts into the overview data and ignores anything else', () => {
    const next = withLive(base, [
      ev(2, {
        connectedHubs: 4,
        messagesPerSecond: 9,
        byClass: { log: 5, device: 4, bad: -1 },
        liveUsers: { app: 3, web: 1, agent: -2 },
      }),
      ev(1, { connectedHubs: 1, messagesPerSecond: 1, byClass: {} }),
      ev(3, { connectedHubs: 'x' }),
      ev(4, { connectedHubs: 7, messagesPerSecond: 0 }, 'message'),
    ]);
    expect(next?.live).toEqual({
      connectedHubs: 4,
      messagesPerSecond: 9,
      byClass: { log: 5, device: 4 },
      liveUsers: { app: 3, web: 1, agent: 0 },
      busiestHubs: [],
      at: 2,
    });
    expect(next?.counts).toBe(base.counts);
    expect(withLive(base, [ev(5, null)])).toBe(base);
    expect(withLive(undefined, [ev(5, { connectedHubs: 1, messagesPerSecond: 1 })])).toBeUndefined();
    expect(readCounts(ev(6, { connectedHubs: 2, messagesPerSecond: 3 }))?.byClass).toEqual({});
    expect(classesByVolume({ log: 2, device: 5, api: 0, admin: 2 })).toEqual([
      ['device', 5],
      ['admin', 2],
      ['log', 2],
    ]);
  });
});

describe('deviceGroups', () => {
  it('sorts the groups of a device’s features into feature sets, automation sets and the rest, each once', () => {
    const groups = {
      byType: [
        { type: 'featureSet' as const, groups: [{ groupId: 'fs1', type: 'featureSet' as const }] },
        { type: 'automationSet' as const, groups: [{ groupId: 'as1', type: 'automationSet' as const }] },
        { type: 'room' as const, groups: [{ groupId: 'r1', type: 'room' as const }] },
      ],
      invisible: [],
    } as unknown as StructureDetail['groups'];
    const features = [
      {
        groups: [
          { groupId: 'fs1', name: 'Lights' },
          { groupId: 'r1', name: 'Kitchen' },
        ],
      },
      {
        groups: [
          { groupId: 'fs1', name: 'Lights' },
          { groupId: 'as1', name: 'Evening' },
          { groupId: 'gone', name: null },
        ],
      },
    ];
    expect(deviceGroups(features, groups)).toEqual({
      featureSets: ['Lights'],
      automationSets: ['Evening'],
      other: ['Kitchen', 'Missing group! gone'],
    });
  });
});
