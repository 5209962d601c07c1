/** The provider's MAC vendor prefix; WiFi links carry it and the console hides it in display (seed 000 §3, §9). */
export const MAC_VENDOR_PREFIX = '74:0A:BC';

const SEPARATORS = /[\s:.-]/g;

function colons(hex: string): string {
  return hex.toUpperCase().match(/../g)?.join(':') ?? '';
}

/** A MAC in the stored form `74:0A:BC:12:34:56` (upper case, colons), from any common spelling; else null. */
export function normalizeMac(input: string | null | undefined): string | null {
  if (typeof input !== 'string') return null;
  const hex = input.replace(SEPARATORS, '');
  return /^[0-9a-f]{12}$/i.test(hex) ? colons(hex) : null;
}

/** Whether a MAC carries the vendor prefix. */
export function hasVendorPrefix(mac: string): boolean {
  return (normalizeMac(mac) ?? '').startsWith(`${MAC_VENDOR_PREFIX}:`);
}

/** The MAC as staff see it: without the vendor prefix when it has one (`12:34:56`), otherwise whole. */
export function displayMac(mac: string): string {
  const n = normalizeMac(mac);
  if (!n) return mac;
  return n.startsWith(`${MAC_VENDOR_PREFIX}:`) ? n.slice(MAC_VENDOR_PREFIX.length + 1) : n;
}

/** The full MAC for a vendor-prefixed link from the part staff see (`12:34:56` or `123456`); else null. */
export function withVendorPrefix(shown: string): string | null {
  const hex = shown.replace(SEPARATORS, '');
  return /^[0-9a-f]{6}$/i.test(hex) ? `${MAC_VENDOR_PREFIX}:${colons(hex)}` : null;
}

/** A search term as a whole stored MAC: a full MAC in any spelling, or the six hex digits staff see. */
export function macFromSearch(term: string): string | null {
  return normalizeMac(term) ?? withVendorPrefix(term);
}
