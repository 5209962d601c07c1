const HUB_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isHubId(value: string): boolean {
  return HUB_ID.test(value);
}

/** A numeric link id in upper-case hex (seed 001 §2 shows both), or null for other ids. */
export function hubHex(hubId: string): string | null {
  return /^\d{1,20}$/.test(hubId) ? BigInt(hubId).toString(16).toUpperCase() : null;
}

/** What a person typed as a hub id: a number, or 0x followed by hex, as the hub card shows it. */
export function readHubId(input: string): string | null {
  const value = input.trim();
  if (/^0x[0-9a-f]{1,16}$/i.test(value)) return BigInt(value).toString(10);
  return isHubId(value) ? value : null;
}
