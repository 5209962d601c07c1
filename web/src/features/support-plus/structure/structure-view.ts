import {
  type AutomationCard,
  DEVICE_CATEGORY_LABELS,
  type DeviceCard,
  type FeatureCard,
  type StructureDetail,
} from '@console/contracts';

/** Texts of the structure page (seed 001 §2, §8). */
export const STRUCTURE_TEXT = {
  unexpectedPayload: 'Unexpected data payload',
  noPaginatedData: 'No paginatedData?',
  noPreviousInstalls: 'No previous installs',
  differentLink: 'Previously connected to a different Link',
} as const;

/** Serials longer than 15 characters are shown smaller (seed 001 §5). */
export const isLongSerial = (serial: string | null | undefined) => (serial ?? '').length > 15;

export const CATEGORY_LABEL = DEVICE_CATEGORY_LABELS;

export const STATUS_COLOUR: Record<string, string> = {
  connected: 'green',
  disconnected: 'red',
  unknown: 'gray',
};

/** Devices whose name, serial, product code or id contains the text (any case); empty keeps all. */
export function filterDevices(
  categories: StructureDetail['devices'],
  text: string,
): StructureDetail['devices'] {
  const t = text.trim().toLowerCase();
  if (!t) return categories;
  const hit = (d: DeviceCard) =>
    [d.name, d.serial, d.productCode, d.virtualProductCode, d.deviceId].some((v) =>
      (v ?? '').toLowerCase().includes(t),
    );
  return categories.map((c) => ({ ...c, devices: c.devices.filter(hit) }));
}

/** The Devices tab's orders within each category (seed 001 §2 "orderable"; the stored order first). */
export const DEVICE_ORDERS = [
  { value: 'structure', label: 'Structure order' },
  { value: 'name', label: 'Name' },
  { value: 'productCode', label: 'Product code' },
  { value: 'status', label: 'Status' },
  { value: 'deviceNumber', label: 'Device number' },
] as const;
export type DeviceOrder = (typeof DEVICE_ORDERS)[number]['value'];

/** The device number of a device id ({structure}-{deviceNumber}-{linkId}+{index}). */
const deviceNumber = (id: string) => Number(id.split('-')[1]) || 0;
const STATUS_RANK: Record<string, number> = { disconnected: 0, unknown: 1, connected: 2 };
const byName = (a: DeviceCard, b: DeviceCard) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) ||
  a.deviceId.localeCompare(b.deviceId);
const DEVICE_COMPARE: Record<Exclude<DeviceOrder, 'structure'>, (a: DeviceCard, b: DeviceCard) => number> = {
  name: byName,
  productCode: (a, b) => a.productCode.localeCompare(b.productCode) || byName(a, b),
  // Disconnected first: the ones support looks for.
  status: (a, b) => (STATUS_RANK[a.deviceStatus] ?? 1) - (STATUS_RANK[b.deviceStatus] ?? 1) || byName(a, b),
  deviceNumber: (a, b) =>
    deviceNumber(a.deviceId) - deviceNumber(b.deviceId) || a.deviceId.localeCompare(b.deviceId),
};

/** Each category's devices in the chosen order; the categories keep the tab's order. */
export function orderDevices(
  categories: StructureDetail['devices'],
  order: DeviceOrder,
): StructureDetail['devices'] {
  if (order === 'structure') return categories;
  return categories.map((c) => ({ ...c, devices: [...c.devices].sort(DEVICE_COMPARE[order]) }));
}

export type AutomationSort = 'name' | 'category';

export interface AutomationView {
  sort: AutomationSort;
  /** Prefix of the name, any case (seed 001 §2). */
  prefix: string;
  /** 'all' or one category. */
  category: string;
}

/** The automations tab's list: filtered by category and name prefix, sorted by name or category. */
export function viewAutomations(list: readonly AutomationCard[], v: AutomationView): AutomationCard[] {
  const prefix = v.prefix.trim().toLowerCase();
  const byName = (a: AutomationCard, b: AutomationCard) =>
    a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.groupId.localeCompare(b.groupId);
  return list
    .filter((a) => v.category === 'all' || a.category === v.category)
    .filter((a) => !prefix || a.name.toLowerCase().startsWith(prefix))
    .sort(v.sort === 'category' ? (a, b) => a.category.localeCompare(b.category) || byName(a, b) : byName);
}

/** The categories present, for the filter (after 'all'). */
export const automationCategories = (list: readonly AutomationCard[]) =>
  [...new Set(list.map((a) => a.category))].sort();

/** Automations by the automation set holding them, in first-seen order; those in none last. */
export function bySet(
  list: readonly AutomationCard[],
): { set: string | null; automations: AutomationCard[] }[] {
  const sets = new Map<string | null, AutomationCard[]>();
  for (const a of list) {
    const key = a.automationSet;
    sets.set(key, [...(sets.get(key) ?? []), a]);
  }
  return [...sets.entries()]
    .sort(([a], [b]) => (a === null ? 1 : 0) - (b === null ? 1 : 0))
    .map(([set, automations]) => ({ set, automations }));
}

/**
 * Whose notes and view history the side bar shows first: the structure's owner, else the user
 * with the V5 licence applied here, else the first user; null for a structure without users.
 */
export function defaultCustomer(detail: Pick<StructureDetail, 'users' | 'structure'>): string | null {
  const owner = detail.users.find((u) => u.levels.includes('owner'));
  const licensed = detail.users.find((u) => u.v5AppliedHere);
  return (
    owner?.userId ??
    licensed?.userId ??
    detail.users[0]?.userId ??
    detail.structure.userRootAccess[0]?.userId ??
    null
  );
}

/** One page of a list (1-based), and how many pages there are. */
export function page<T>(list: readonly T[], n: number, size: number): { items: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(list.length / size));
  const at = Math.min(Math.max(1, n), pages);
  return { items: list.slice((at - 1) * size, at * size), pages };
}

/** The groups a device's features are in, by kind (the device dialog's feature sets, automation sets, other groups). */
export function deviceGroups(
  features: readonly Pick<FeatureCard, 'groups'>[],
  groups: StructureDetail['groups'],
): { featureSets: string[]; automationSets: string[]; other: string[] } {
  const typeOf = new Map<string, string>();
  for (const g of [...groups.byType.flatMap((t) => t.groups), ...groups.invisible])
    typeOf.set(g.groupId, g.type);
  const out = { featureSets: new Set<string>(), automationSets: new Set<string>(), other: new Set<string>() };
  for (const f of features)
    for (const ref of f.groups) {
      const name = ref.name ?? `Missing group! ${ref.groupId}`;
      const type = typeOf.get(ref.groupId);
      if (type === 'featureSet') out.featureSets.add(name);
      else if (type === 'automationSet') out.automationSets.add(name);
      else out.other.add(name);
    }
  return {
    featureSets: [...out.featureSets],
    automationSets: [...out.automationSets],
    other: [...out.other],
  };
}
