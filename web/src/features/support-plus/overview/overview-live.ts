import type { LiveEvent, OverviewCounts } from '@console/contracts';
import type { OverviewData } from '../queries.ts';

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The counts of an `overview` counts event, or null for anything else (never trusted blindly). */
export function readCounts(event: LiveEvent): (OverviewCounts & { at: number }) | null {
  if (event.kind !== undefined && event.kind !== 'counts') return null;
  const d = event.data as Partial<OverviewCounts> | null;
  if (!d || typeof d !== 'object' || !isCount(d.connectedHubs) || !isCount(d.messagesPerSecond)) return null;
  const byClass: Record<string, number> = {};
  if (d.byClass && typeof d.byClass === 'object')
    for (const [k, v] of Object.entries(d.byClass)) if (isCount(v)) byClass[k] = v;
  const u = (d.liveUsers ?? {}) as Partial<OverviewCounts['liveUsers']>;
  const liveUsers = {
    app: isCount(u.app) ? u.app : 0,
    web: isCount(u.web) ? u.web : 0,
    agent: isCount(u.agent) ? u.agent : 0,
  };
  return {
    connectedHubs: d.connectedHubs,
    messagesPerSecond: d.messagesPerSecond,
    byClass,
    liveUsers,
    busiestHubs: readBusiest(d.busiestHubs),
    at: event.at,
  };
}

/** The busiest hubs of a counts event: those with a whole hub id and a rate, busiest first. */
export function readBusiest(value: unknown): OverviewCounts['busiestHubs'] {
  if (!Array.isArray(value)) return [];
  const hubs: OverviewCounts['busiestHubs'] = [];
  for (const v of value as Partial<OverviewCounts['busiestHubs'][number]>[])
    if (v && Number.isSafeInteger(v.hubId) && isCount(v.messagesPerSecond))
      hubs.push({ hubId: v.hubId as number, messagesPerSecond: v.messagesPerSecond });
  return hubs.sort((a, b) => b.messagesPerSecond - a.messagesPerSecond);
}

/** The overview query data with the newest live counts of a batch of events (unchanged if none). */
export function withLive(
  data: OverviewData | undefined,
  events: readonly LiveEvent[],
): OverviewData | undefined {
  if (!data) return data;
  let live = data.live;
  for (const e of events) {
    const c = readCounts(e);
    if (c && (!live || c.at >= live.at)) live = c;
  }
  return live === data.live ? data : { ...data, live };
}

/** Message classes of the last second, busiest first (zero counts left out). */
export function classesByVolume(byClass: Record<string, number>): [string, number][] {
  return Object.entries(byClass)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** How many of the links in error state are in the live list now (the Error State card's live part). */
export function liveInErrorState(errorIds: readonly number[], live: readonly { hubId: number }[]): number {
  const connected = new Set(live.map((c) => c.hubId));
  return errorIds.filter((id) => connected.has(id)).length;
}
