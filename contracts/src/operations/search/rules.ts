import type { DeviceCategory } from '../../world/common.ts';

/** What the search operations say, in the specifications' words where they give them. */
export const SEARCH_TEXT = {
  needTerm: 'Enter a user, MAC or hub to search.',
  noWfl: 'No WFL/LWL found',
  otherAuthor: 'Unable to edit notes edited by other support',
  tooOld: 'unable to modify the note after 1 hour, please add a new one',
  missingDevice: 'Missing Device!',
  missingGroup: 'Missing group!',
  changed: 'This record was changed since you loaded it; reload it and try again.',
} as const;

/** Result page sizes of the customer search (seed 000 §9); the first is the default. */
export const SEARCH_PAGE_SIZES = [20, 40, 80] as const;

/**
 * In `/api/support/find/u/:user/w/:mac/o/:wfl` a segment that is not searched is sent as this
 * placeholder (an empty path segment cannot be routed reliably).
 */
export const EMPTY_SEGMENT = '-';

export const AUTOCOMPLETE = {
  /** The legacy support box (seed 000 §5). */
  gen1MinChars: 2,
  /** The Support Plus bar (seed 001 §2). */
  gen2MinChars: 3,
  maxSuggestions: 10,
} as const;

/** A note can be changed by its author for this long after it was written (seed 001 §5). */
export const NOTE_EDIT_WINDOW_MS = 60 * 60 * 1000;

/** The generic Support Plus query: its result cap and the default the endpoints use (seed 001 §7). */
export const SUPPORT_PLUS_LIMIT = { max: 500, default: 150 } as const;

/**
 * Product code → device category, for a device whose product record does not say (Support Plus
 * spec §2 Devices tab). Checked in order; the first prefix that matches wins; anything else is 'other'.
 * L2 is the Link Plus itself; L21/L22 dimmers; L41/L42 sockets; LW9xx thermostats and valves;
 * L81 relays and L91 scene switches; LW380 window and LW600 energy sensors; VD virtual devices.
 */
export const PRODUCT_CATEGORY_PREFIXES: readonly (readonly [string, DeviceCategory])[] = [
  ['L2', 'linkPlus'],
  ['L21', 'lighting'],
  ['L22', 'lighting'],
  ['L41', 'power'],
  ['L42', 'power'],
  ['LW9', 'heating'],
  ['L81', 'control'],
  ['L91', 'control'],
  ['LW380', 'sensor'],
  ['LW600', 'sensor'],
  ['VD', 'virtualDevice'],
];

/** The Devices tab's heading of each category, in the tab's order (Support Plus spec §2). */
export const DEVICE_CATEGORY_LABELS: Readonly<Record<DeviceCategory, string>> = {
  linkPlus: 'Link Plus',
  power: 'Power',
  lighting: 'Lighting',
  heating: 'Heating',
  control: 'Control',
  sensor: 'Sensor',
  virtualDevice: 'Virtual devices',
  other: 'Other',
};

/** The category of a product code by the table above (longest matching prefix). */
export function categoryOfProductCode(code: string | null | undefined): DeviceCategory {
  const c = (code ?? '').toUpperCase();
  let best: DeviceCategory = 'other';
  let length = 0;
  for (const [prefix, category] of PRODUCT_CATEGORY_PREFIXES) {
    const exact = prefix === 'L2' ? c === 'L2' : c.startsWith(prefix);
    if (exact && prefix.length > length) {
      best = category;
      length = prefix.length;
    }
  }
  return best;
}
