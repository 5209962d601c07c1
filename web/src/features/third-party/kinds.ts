/** A product structure the link service lists, with the groups a third-party item can go in. */
export interface LinkStructure {
  rootGroupId: string;
  name: string;
  groups: { groupId: string; name: string }[];
}

interface Assignment {
  rootGroupId: string;
  parentGroupIds: string[];
}

/** One Hue light or one Sonos group, as discovery lists it. */
export interface LinkItem {
  key: string;
  name: string;
  detail: string;
  assigned: Assignment | null;
  /** The allocation entry that puts this item in a structure's group. */
  allocate: (to: Assignment) => Record<string, unknown>;
}

interface HueDevice {
  hueDeviceId: string;
  bridgeId: string;
  name: string;
  assigned: Assignment | null;
}
interface SonosGroup {
  householdId: string;
  groupId: string;
  name: string;
  assigned: Assignment | null;
}

export interface Discovery {
  structures?: LinkStructure[];
  devices?: HueDevice[];
  groups?: SonosGroup[];
}

/** The two integrations (seed 000 §2 /philipshue, /sonos; §7 paths). */
export const KINDS = {
  hue: {
    title: 'Philips Hue',
    discovery: '/philipshue/discovery',
    assign: '/philipshue/assign',
    items: (d: Discovery): LinkItem[] =>
      (d.devices ?? []).map((x) => ({
        key: x.hueDeviceId,
        name: x.name,
        detail: `bridge ${x.bridgeId}`,
        assigned: x.assigned,
        allocate: (to) => ({ ...to, hueDeviceId: x.hueDeviceId }),
      })),
  },
  sonos: {
    title: 'Sonos',
    discovery: '/users/discovery',
    assign: '/users/assign',
    items: (d: Discovery): LinkItem[] =>
      (d.groups ?? []).map((x) => ({
        key: `${x.householdId}/${x.groupId}`,
        name: x.name,
        detail: `household ${x.householdId}`,
        assigned: x.assigned,
        allocate: (to) => ({ ...to, householdId: x.householdId, groupId: x.groupId }),
      })),
  },
} as const;
export type LinkKind = keyof typeof KINDS;

/** The error the seed gives when Assign has nothing to send (§8). */
export function nothingToAssign(items: readonly LinkItem[]): string {
  return items.length > 0 && items.every((i) => i.assigned) ? 'all assigned already' : 'nonthing to assign';
}

/** The `?nonce` of /philipshue and /sonos: the customer's one-time token, at most 200 characters. */
export function nonceSearch(search: Record<string, unknown>): { nonce?: string } {
  const nonce = search.nonce;
  return {
    nonce: typeof nonce === 'string' || typeof nonce === 'number' ? String(nonce).slice(0, 200) : undefined,
  };
}
