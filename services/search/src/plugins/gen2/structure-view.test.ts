import {
  BAD_BATCH_LABEL,
  DEVICE_CATEGORIES,
  type HubDoc,
  type ProductDoc,
  type StructureDoc,
  type UserDoc,
} from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { structureDetail } from './structure-view.ts';

const at = new Date('2025-03-01T10:00:00Z');
const dev = (n: number, productCode: string, name: string) => ({
  deviceId: `s1-${n}-100+1`,
  productCode,
  name,
  linkId: 100,
  featureIds: [`s1-${n}0-100+1`],
});
const product = (n: number, productCode: string, extra: Partial<ProductDoc> = {}): ProductDoc => ({
  deviceId: `s1-${n}-100+1`,
  rootGroupId: 's1-x',
  linkId: 100,
  productCode,
  category: 'other',
  serial: 'AAAA0000',
  firmwareVersion: '7.1',
  attributes: { serial: '', firmware: '', hardware: '', protocol: '' },
  featureIds: [],
  paired: true,
  name: `product ${n}`,
  createdDate: at,
  deviceStatus: 'connected',
  groups: [],
  ...extra,
});
const group = (groupId: string, type: StructureDoc['_groups'][string]['type'], extra = {}) => ({
  groupId,
  type,
  name: groupId,
  features: [],
  automations: [],
  parentGroups: [],
  visible: true,
  access: [],
  accessCount: 0,
  order: 0,
  ...extra,
});

const structure = {
  rootGroupId: 's1-x',
  name: 'Home',
  version: 3,
  createdDate: at,
  updatedDate: at,
  devices: { 's1-1-100+1': dev(1, 'L42', 'Socket'), 's1-2-100+1': dev(2, 'LW921', 'Valve') },
  features: {
    f1: {
      featureId: 'f1',
      name: 'Switch',
      deviceId: 's1-1-100+1',
      attributes: { type: 'switch', channel: 1 },
      groups: ['room1', 'gone'],
      key: 'switch',
    },
    f2: {
      featureId: 'f2',
      name: 'Orphan',
      deviceId: 's1-9-100+1',
      attributes: { type: 'switch', channel: 0 },
      groups: [],
      key: 'switch',
    },
  },
  _groups: {
    room1: group('room1', 'room'),
    hidden: group('hidden', 'featureSet', { visible: false, deviceId: 's1-7-100+1' }),
    set1: group('set1', 'automationSet', { automations: ['a1'] }),
  },
  automations: {
    a1: {
      groupId: 'a1',
      name: 'Morning',
      active: true,
      category: 'timer',
      features: ['f1'],
      groups: ['room1', 'nowhere'],
      script: { type: 'schedule', condition: {}, action: {} },
    },
  },
  link2: [100, 200],
  licenses: { v5: { license: 'V5-1', userId: 'u1' } },
  userRootAccess: [{ userId: 'u1', levels: ['owner'], createdDate: at }],
} as unknown as StructureDoc;

const hub = {
  hubId: 100,
  rootGroupId: 's1-x',
  errorState: true,
  systemStorageNumber: 2,
  lock: { locked: false, since: null },
  createdDate: at,
  updatedDate: at,
} as unknown as HubDoc;
const user = {
  userId: 'u1',
  email: 'a@example.com',
  rootGroupIds: ['s1-x'],
  currentRootGroup: 'elsewhere',
  licenses: { v5: { license: 'V5-1' } },
  createdDate: at,
  roles: [],
  authUser: { email: 'old@example.com' },
  noRoot: false,
} as unknown as UserDoc;

describe('the structure detail', () => {
  const d = structureDetail({
    structure,
    hubs: [hub],
    products: [
      product(1, 'L42', { category: 'power', serial: 'BC2B25A1', firmwareVersion: '6.5' }),
      product(3, 'L21', { category: 'bogus' as never, rootGroupId: 's1-x' }),
    ],
    users: [user],
  });

  it('groups devices by category in the tab order, flags the bad batch and old firmware', () => {
    expect(d.devices.map((c) => c.category)).toEqual([...DEVICE_CATEGORIES]);
    const socket = d.devices.find((c) => c.category === 'power')?.devices[0];
    expect(socket).toMatchObject({
      badBatch: true,
      badBatchLabel: BAD_BATCH_LABEL,
      firmwareBelow66: true,
      productMissing: false,
    });
    // No product record: listed from the structure, category from the product code table.
    expect(d.devices.find((c) => c.category === 'heating')?.devices[0]).toMatchObject({
      name: 'Valve',
      productMissing: true,
    });
    // A product whose category is not one of the tab's: by its code (L21, a dimmer).
    expect(d.devices.find((c) => c.category === 'lighting')?.devices[0]?.deviceId).toBe('s1-3-100+1');
  });

  it('marks features whose device is gone and automations whose group is gone', () => {
    expect(d.features.find((f) => f.featureId === 'f2')).toMatchObject({
      missingDevice: true,
      deviceName: null,
    });
    expect(d.features.find((f) => f.featureId === 'f1')?.groups).toEqual([
      { groupId: 'room1', name: 'room1' },
      { groupId: 'gone', name: null },
    ]);
    expect(d.automations[0]).toMatchObject({ missingGroups: ['nowhere'], automationSet: 'set1' });
  });

  it('lists groups by type with the invisible ones apart', () => {
    expect(d.groups.byType.find((g) => g.type === 'room')?.groups.map((g) => g.groupId)).toEqual(['room1']);
    expect(d.groups.invisible.map((g) => g.groupId)).toEqual(['hidden']);
  });

  it('reports the data-quality problems and the users’ licence state', () => {
    const messages = d.problems.map((p) => p.message).join('\n');
    expect(messages).toMatch(/has feature s1-10-100\+1, which is not in the structure's features/);
    expect(messages).toMatch(/Group hidden \(hidden\) names device s1-7-100\+1/);
    expect(messages).toMatch(/current root group elsewhere/);
    expect(messages).toMatch(/auth record's e-mail is old@example.com/);
    expect(messages).toMatch(/Link 200 is listed in the structure but has no hub record/);
    expect(messages).toMatch(/Link is in ErrorState/);
    expect(messages).toMatch(/systemStorageNumber NOT 0/);
    expect(d.users[0]).toMatchObject({
      hasV5Licence: true,
      v5AppliedHere: true,
      authEmailMismatch: true,
      levels: ['owner'],
    });
  });
});
