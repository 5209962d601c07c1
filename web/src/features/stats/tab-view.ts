import { STATS_LIMITS, type StatsControl, type StatsSeries, type StatsTab } from '@console/contracts';
import type { Slice } from './graph-kit/PieChart.tsx';

/** The tag each control filters on; `agent` and `group` pick whole series. */
const CONTROL_TAG: Record<Exclude<StatsControl, 'measure'>, string | null> = {
  agentType: 'agentType',
  agent: null,
  source: 'source',
  group: 'group',
  level: 'level',
  worker: 'worker',
  automation: 'automation',
  groupType: 'groupType',
  stat: 'stat',
  metric: 'metric',
  deviceType: 'deviceType',
};

export const CONTROL_LABEL: Record<StatsControl, string> = {
  agentType: 'Agent type',
  agent: 'Agent',
  source: 'Source',
  group: 'Group',
  level: 'Level',
  worker: 'Worker',
  measure: 'Count',
  automation: 'Automation',
  groupType: 'Type',
  stat: 'Stat',
  metric: 'Metric type',
  deviceType: 'Device type',
};

/** Logs have a `group` tag; the groups tab's group control picks series. */
function tagOf(tab: StatsTab, control: StatsControl): string | null {
  if (control === 'measure') return null;
  if (control === 'group' && tab.id === 'groups') return null;
  return CONTROL_TAG[control];
}

/** A series as people read it: its parts joined. */
export const seriesLabel = (name: string) => name.split('|').join(' · ');

/** The choices of a multi-select control: the values present in the answer. */
export function controlOptions(
  tab: StatsTab,
  control: StatsControl,
  series: readonly StatsSeries[],
): string[] {
  const tag = tagOf(tab, control);
  const values = series.map((s) => (tag ? (s.tags[tag] ?? '') : s.name));
  return [...new Set(values)].sort();
}

/** Selected values per control; a control left unset selects everything. */
export type Selection = Partial<Record<StatsControl, string[]>>;

export function applySelection(tab: StatsTab, series: readonly StatsSeries[], sel: Selection): StatsSeries[] {
  return series.filter((s) =>
    tab.controls.every((c) => {
      const picked = sel[c];
      if (c === 'measure' || picked === undefined) return true;
      const tag = tagOf(tab, c);
      return picked.includes(tag ? (s.tags[tag] ?? '') : s.name);
    }),
  );
}

/** Top slices by their pie totals (the last `pieSize` periods), the rest summed as Others. */
export function topSlices(entries: readonly Slice[], top = STATS_LIMITS.topTenEntries): Slice[] {
  const sorted = [...entries].filter((e) => e.value > 0).sort((a, b) => b.value - a.value);
  const head = sorted.slice(0, top);
  const rest = sorted.slice(top).reduce((s, e) => s + e.value, 0);
  return rest > 0 ? [...head, { name: 'Others', value: rest }] : head;
}

/** The pies a tab shows; app versions: by platform, and versions on Android and on iOS. */
export function pies(tab: StatsTab, series: readonly StatsSeries[]): { title: string; slices: Slice[] }[] {
  if (tab.id === 'appVersions') {
    const byPlatform = new Map<string, number>();
    for (const s of series)
      byPlatform.set(s.tags.platform ?? '', (byPlatform.get(s.tags.platform ?? '') ?? 0) + s.pieTotal);
    const versions = (platform: string) =>
      topSlices(
        series
          .filter((s) => s.tags.platform === platform)
          .map((s) => ({ name: s.tags.version ?? s.name, value: s.pieTotal })),
      );
    return [
      { title: 'Platform', slices: topSlices([...byPlatform].map(([name, value]) => ({ name, value }))) },
      { title: 'Android', slices: versions('android') },
      { title: 'IOS', slices: versions('ios') },
    ];
  }
  return tab.pies.map((title) => ({
    title,
    slices: topSlices(series.map((s) => ({ name: seriesLabel(s.name), value: s.pieTotal }))),
  }));
}
