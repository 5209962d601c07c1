import { hubIdHex } from '@console/contracts';

const HUB_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isHubId(value: string): boolean {
  return HUB_ID.test(value);
}

/** A numeric link id in hex (seed 001 §2 shows both; the one writer, contracts' hubIdHex), or null for other ids. */
export function hubHex(hubId: string): string | null {
  return /^\d{1,20}$/.test(hubId) ? hubIdHex(BigInt(hubId)) : null;
}

/** What a person typed as a hub id: a number, or 0x followed by hex, as the hub card shows it. */
export function readHubId(input: string): string | null {
  const value = input.trim();
  if (/^0x[0-9a-f]{1,16}$/i.test(value)) return BigInt(value).toString(10);
  return isHubId(value) ? value : null;
}
