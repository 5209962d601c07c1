import type { HostHeartbeat, HostView, LiveEvent } from '@console/contracts';
import type { HostsData } from './queries.ts';

/** The board's two lists (core spec §2): command nodes and data monitor nodes. */
export function splitByKind(hosts: readonly HostView[]) {
  return {
    command: hosts.filter((h) => h.kind !== 'datamonitor'),
    datamonitor: hosts.filter((h) => h.kind === 'datamonitor'),
  };
}

/**
 * Live heartbeats into the list's cache entry: a known host takes the newer beat; the answer is
 * `unknown` when a beat names a host the list does not hold yet (the caller refetches the list).
 */
export function withHeartbeats(old: HostsData | undefined, events: readonly LiveEvent[]) {
  if (!old) return { data: old, unknown: false };
  let unknown = false;
  const byId = new Map(old.hosts.map((h) => [h._id, h]));
  for (const e of events) {
    const beat = e.data as HostHeartbeat | null;
    if (!beat || typeof beat !== 'object' || typeof beat._id !== 'string' || !beat.stats?.lastHeartBeat)
      continue;
    const h = byId.get(beat._id);
    if (!h) {
      unknown = true;
      continue;
    }
    const kept = h.latest?.stats.lastHeartBeat.createdDate ?? '';
    if (beat.stats.lastHeartBeat.createdDate < kept) continue;
    byId.set(beat._id, { ...h, latest: beat, heartbeats: h.heartbeats + 1 });
  }
  return { data: { ...old, hosts: old.hosts.map((h) => byId.get(h._id) ?? h) }, unknown };
}

/** "45 s", "3 min", "2 h 5 min", "4 d 2 h". */
export function formatAge(ms: number | null): string {
  if (ms === null) return '—';
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}
