/** The 17 tabs in the seed's order (seed 001 §2), then the hub timeline (issue 17). */
export const STRUCTURE_TABS = [
  'errors',
  'devices',
  'groups',
  'backups',
  'automations',
  'features',
  'alexa',
  'google',
  'samsung',
  'notifications',
  'trans',
  'sync',
  'conns',
  'logs',
  'fwq',
  'sareqs',
  'dstatus',
  'timeline',
] as const;
export type StructureTab = (typeof STRUCTURE_TABS)[number];

/** The structure screen's URL search: which tab is open and whose notes the side bar shows. */
export interface StructureSearch {
  tab?: StructureTab;
  /** Whose notes and view history the side bar shows (a user of the structure). */
  customer?: string;
}

/** Keeps a known tab and a customer id of sane length; anything else falls back to the defaults. */
export function validateStructureSearch(raw: Record<string, unknown>): StructureSearch {
  return {
    ...(STRUCTURE_TABS.includes(raw.tab as StructureTab) ? { tab: raw.tab as StructureTab } : {}),
    ...(typeof raw.customer === 'string' && raw.customer.length <= 120 ? { customer: raw.customer } : {}),
  };
}
