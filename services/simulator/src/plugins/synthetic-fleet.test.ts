import { linkIdOf } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { syntheticFleet } from './synthetic-fleet.ts';

describe('syntheticFleet', () => {
  const options = { hubs: 200, wfls: 5, hosts: 4, seed: 7 };

  it('builds the same fleet for the same seed, and another for another seed', () => {
    expect(syntheticFleet(options)).toEqual(syntheticFleet(options));
    expect(syntheticFleet({ ...options, seed: 8 }).hubs[0]).not.toEqual(syntheticFleet(options).hubs[0]);
  });

  it('gives unique hex-looking hub ids whose devices and features carry the link id', () => {
    const { hubs } = syntheticFleet(options);
    expect(new Set(hubs.map((h) => h.hubId)).size).toBe(hubs.length);
    for (const h of hubs) {
      expect(h.hubId.toString(16)).toMatch(/^bc[0-9a-f]{6}$/);
      for (const d of h.devices) {
        expect(linkIdOf(d.deviceId)).toBe(h.hubId);
        for (const f of d.features) expect(linkIdOf(f.featureId)).toBe(h.hubId);
      }
    }
  });

  it('has vendor-prefixed MACs and both kinds and types of host', () => {
    const { wfls, hosts } = syntheticFleet(options);
    for (const w of wfls) expect(w.mac).toMatch(/^74:0A:BC(:[0-9A-F]{2}){3}$/);
    expect(new Set(hosts.map((h) => h.kind))).toEqual(new Set(['command', 'datamonitor']));
    expect(new Set(hosts.map((h) => h.hostType))).toEqual(new Set(['node-v1', 'other']));
  });
});
