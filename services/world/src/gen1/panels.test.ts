import { describe, expect, it } from 'vitest';
import { generateCustomer } from '../customer.ts';
import { ID_BLOCK } from './types.ts';

const accounts = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => generateCustomer(seed, i, { gen2: false, histories: false }))
    .filter((c) => c.gen1.users.length > 0)
    .map((c) => ({ index: c.index, g: c.gen1 }));

describe('the per-WFL panel rows', () => {
  const all = accounts(5, 2000);

  it('give a plist to every WFL of a plist-import account and to no other', () => {
    for (const { g } of all) {
      const importers = new Set(g.users.filter((u) => u.plist_import === 1).map((u) => u.user_id));
      const expected = g.wfls.filter((w) => importers.has(w.user_id)).map((w) => w.wfl_id);
      expect(g.wfl_plists.map((p) => p.wfl_id)).toEqual(expected);
      for (const p of g.wfl_plists) expect(Object.keys(JSON.parse(p.plist)).length).toBeGreaterThan(3);
    }
  });

  it('keep their ids in the customer’s blocks, and an API log entry’s raw text says what its columns say', () => {
    for (const { index, g } of all) {
      for (const [rows, block] of [
        [g.api_command_log, 'apiCommand'],
        [g.wfl_triggers, 'trigger'],
        [g.wfl_logs, 'log'],
      ] as const) {
        const size = ID_BLOCK[block];
        for (const r of rows) expect(r.id - 1 - index * size).toBeLessThan(size);
        expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
      }
      const wfls = new Set(g.wfls.map((w) => w.wfl_id));
      for (const r of [...g.api_command_log, ...g.wfl_triggers, ...g.wfl_logs])
        expect(wfls.has(r.wfl_id)).toBe(true);
      for (const r of g.api_command_log) {
        expect(JSON.parse(r.raw)).toMatchObject({
          action: r.action,
          time: r.time.toISOString(),
          deviceId: r.device_id,
          commandValue: r.command_value,
          error: r.error,
        });
      }
    }
  });

  it('come in modest, stated proportions, and the same for a seed', () => {
    const count = (k: 'alexa_discovered' | 'api_command_log' | 'wfl_logs') =>
      all.reduce((n, { g }) => n + g[k].length, 0);
    const alexa = count('alexa_discovered') / all.length;
    expect(alexa).toBeGreaterThan(0.28);
    expect(alexa).toBeLessThan(0.42);
    const links = all.reduce((n, { g }) => n + g.wfls.length, 0);
    expect(count('api_command_log') / links).toBeLessThan(4);
    expect(count('wfl_logs') / links).toBeLessThan(6);
    expect(JSON.stringify(accounts(5, 200))).toBe(JSON.stringify(all.filter((a) => a.index < 200)));
  });
});
