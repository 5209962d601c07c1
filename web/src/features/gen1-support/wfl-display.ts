import { displayMac } from '@console/contracts';

/** The MAC as staff see it: without the vendor prefix 74:0A:BC (the server sends it as macDisplay). */
export function shownMac(wfl: { mac: string; macDisplay?: string }): string {
  return wfl.macDisplay || displayMac(wfl.mac);
}
