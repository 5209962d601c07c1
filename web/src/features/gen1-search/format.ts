import { displayMac } from '@console/contracts';

const two = (n: number) => String(n).padStart(2, '0');

/** Epoch seconds as the legacy screens show dates: d/M/yy (core spec §3). */
export function formatDay(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined) return '—';
  const d = new Date(epochSeconds * 1000);
  return `${d.getDate()}/${d.getMonth() + 1}/${two(d.getFullYear() % 100)}`;
}

/** A moment as dd/MM/yy HH:mm:ss (core spec §9), from epoch seconds or an ISO string. */
export function formatTime(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const d = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${two(d.getDate())}/${two(d.getMonth() + 1)}/${two(d.getFullYear() % 100)} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** The MAC as staff see it: without the vendor prefix 74:0A:BC (the server sends it as macDisplay). */
export function shownMac(wfl: { mac: string; macDisplay?: string }): string {
  return wfl.macDisplay || displayMac(wfl.mac);
}

/** Online when the last ping is under 60 s old (core spec §4). */
export function isOnline(pingtime: number | null | undefined, nowMs: number): boolean {
  return typeof pingtime === 'number' && nowMs - pingtime * 1000 < 60_000;
}
