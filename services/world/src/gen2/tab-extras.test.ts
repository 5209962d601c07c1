import { DeviceStatusRecordSchema, StructureAccessRequestSchema } from '@console/contracts';
import { FormatRegistry } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import { customers } from '../world.ts';
import { EVERY_TAB_EVERY } from './tab-extras.ts';

if (!FormatRegistry.Has('date-time')) FormatRegistry.Set('date-time', (v) => !Number.isNaN(Date.parse(v)));

describe('the structure tabs’ extra records', () => {
  const world = [...customers({ seed: 11, customers: 200 })];

  it('gives some customers a first structure with data on every tab', () => {
    const full = world.filter((c) => c.flags.has('gen2.everyTab'));
    expect(full.length).toBeGreaterThan(0);
    for (const c of full) {
      expect(c.index % EVERY_TAB_EVERY).toBe(0);
      const root = c.gen2.structures[0]?.rootGroupId as string;
      const on = <T>(list: T[], key: (t: T) => string | string[] | undefined) =>
        list.filter((x) => [key(x)].flat().includes(root)).length;
      expect(new Set(c.gen2.agents.filter((a) => a.rootGroups.includes(root)).map((a) => a.type)).size).toBe(
        3,
      );
      for (const [name, n] of Object.entries({
        backups: on(c.gen2.backups, (b) => b.structureId),
        sync: on(c.gen2.syncUpdates, (s) => s.rootGroupId),
        trans: on(c.gen2.transactions, (t) => t.rootGroupId),
        logs: on(c.gen2.logs, (l) => l.rootGroupId),
        conns: on(c.gen2.workerConnections, (w) => w.rootGroupId),
        fwq: on(c.gen2.firmwareQueue, (f) => f.rootGroupId),
        sareqs: on(c.gen2.structureAccessRequests, (r) => r.rootGroupId),
        dstatus: on(c.gen2.deviceStatus, (d) => d.rootGroupId),
        notifications: on(
          c.gen2.notifications.flatMap((n) => n.notifications),
          (n) => n.meta.structureId,
        ),
      })) {
        expect(n, name).toBeGreaterThan(0);
      }
    }
  });

  it('writes records of the contracts’ shapes, open access requests among them', () => {
    const all = world.flatMap((c) => c.gen2.structureAccessRequests);
    expect(all.some((r) => !r.complete)).toBe(true);
    for (const r of all) expect(() => Value.Encode(StructureAccessRequestSchema, r)).not.toThrow();
    const statuses = world.flatMap((c) => c.gen2.deviceStatus);
    expect(statuses.length).toBeGreaterThan(100);
    for (const d of statuses) expect(() => Value.Encode(DeviceStatusRecordSchema, d)).not.toThrow();
  });
});
