import { displayMac, type Gen1DeviceView, type Wfl, type WflView } from '@console/contracts';

/** A link is online when its last ping is under 60 s old (seed 000 §4). */
export const ONLINE_SECONDS = 60;

export function wflView(w: Wfl, now: Date): WflView {
  const age = w.pingtime == null ? Number.POSITIVE_INFINITY : now.getTime() / 1000 - w.pingtime;
  return { ...w, macDisplay: displayMac(w.mac), online: age < ONLINE_SECONDS };
}

export type DeviceRow = Gen1DeviceView & { userId?: number };

export function deviceView(r: DeviceRow): Gen1DeviceView {
  const { userId: _userId, ...device } = r;
  return device;
}
