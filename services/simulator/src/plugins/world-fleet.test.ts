import { hubsOf } from '@console/world';
import { describe, expect, it } from 'vitest';
import { worldFleet } from './world-fleet.ts';

describe('the world fleet', () => {
  it('runs the generated world’s hubs with their devices, the same for the same seed', () => {
    const a = worldFleet({ seed: 3, customers: 60, hubs: 1000, wfls: 1000, hosts: 2 });
    const b = worldFleet({ seed: 3, customers: 60, hubs: 1000, wfls: 1000, hosts: 2 });
    expect(a.hubs.length).toBeGreaterThan(5);
    expect(a.wfls.length).toBeGreaterThan(5);
    expect(a).toEqual(b);
    const withDevices = a.hubs.find((h) => h.devices.length > 1);
    expect(withDevices?.devices[0]?.deviceId).toMatch(/^.+-\d+-\d+\+\d+$/);
    expect(a.hubs.some((h) => h.devices.some((d) => d.features.length > 0))).toBe(true);
  });

  it('caps the hubs it runs', () => {
    expect(worldFleet({ seed: 3, customers: 60, hubs: 2, wfls: 0, hosts: 0 }).hubs).toHaveLength(2);
  });

  it("names the running hubs' owners as the customers whose clients come and go", () => {
    const fleet = worldFleet({ seed: 3, customers: 60, hubs: 4, wfls: 0, hosts: 0 });
    const owners = new Map<number, string>();
    for (const g of hubsOf({ seed: 3, customers: 60 })) owners.set(g.hub.hubId, g.owner.userId);
    expect(fleet.customers).toEqual([...new Set(fleet.hubs.map((h) => owners.get(h.hubId)))]);
    expect(fleet.customers.length).toBeGreaterThan(0);
  });
});
