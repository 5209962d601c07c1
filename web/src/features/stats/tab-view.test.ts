import { STATS_TABS, type StatsSeries } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { applySelection, controlOptions, pies, topSlices } from './tab-view.ts';

const tab = (id: string) => STATS_TABS.find((t) => t.id === id) as (typeof STATS_TABS)[number];
const s = (name: string, tags: Record<string, string>, pieTotal = 1): StatsSeries => ({
  name,
  values: [pieTotal],
  total: pieTotal,
  pieTotal,
  tags,
});

describe('statistics tab view', () => {
  const logs = [
    s('hub|homeKit|warn', { source: 'hub', group: 'homeKit', level: 'warn' }),
    s('hub|system|info', { source: 'hub', group: 'system', level: 'info' }),
    s('app|system|info', { source: 'app', group: 'system', level: 'info' }),
  ];

  it('offers each control the values present and filters by every selection', () => {
    expect(controlOptions(tab('logs'), 'level', logs)).toEqual(['info', 'warn']);
    expect(
      applySelection(tab('logs'), logs, { source: ['hub'], level: ['info'] }).map((x) => x.name),
    ).toEqual(['hub|system|info']);
    expect(applySelection(tab('logs'), logs, {})).toHaveLength(3);
    expect(applySelection(tab('logs'), logs, { level: [] })).toHaveLength(0);
  });

  it('select PLW2 only by device type', () => {
    const cdt = [
      s('new|PLW2', { metric: 'new', deviceType: 'PLW2' }),
      s('new|iPhone', { metric: 'new', deviceType: 'iPhone' }),
    ];
    expect(
      applySelection(tab('clientDeviceTypes'), cdt, { deviceType: ['PLW2'] }).map((x) => x.name),
    ).toEqual(['new|PLW2']);
  });

  it('draw the app-version pies for platform, Android and IOS', () => {
    const av = [
      s('android|4.5.2', { platform: 'android', version: '4.5.2' }, 5),
      s('android|4.6.0', { platform: 'android', version: '4.6.0' }, 3),
      s('ios|4.6.1', { platform: 'ios', version: '4.6.1' }, 4),
    ];
    const [platform, android, ios] = pies(tab('appVersions'), av);
    expect(platform?.slices).toEqual([
      { name: 'android', value: 8 },
      { name: 'ios', value: 4 },
    ]);
    expect(android?.slices.map((x) => x.name)).toEqual(['4.5.2', '4.6.0']);
    expect(ios?.title).toBe('IOS');
  });

  it('keep the top nine slices and sum the rest as Others', () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `s${i}`, value: 12 - i }));
    const top = topSlices(many);
    expect(top).toHaveLength(10);
    expect(top.at(-1)).toEqual({ name: 'Others', value: 3 + 2 + 1 });
  });
});
