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

/** What discovery says of every item it lists, whatever the integration. */
interface Discovered {
  name: string;
  assigned: Assignment | null;
}
interface HueDevice extends Discovered {
  hueDeviceId: string;
  bridgeId: string;
}
interface SonosGroup extends Discovered {
  householdId: string;
  groupId: string;
}

export interface Discovery {
  structures?: LinkStructure[];
  devices?: HueDevice[];
  groups?: SonosGroup[];
}

/** Discovered items as rows to link: each keeps its name and assignment; `own` adds the rest. */
const linkItems = <X extends Discovered>(
  found: X[] | undefined,
  own: (x: X) => Omit<LinkItem, keyof Discovered>,
): LinkItem[] => (found ?? []).map((x) => ({ name: x.name, assigned: x.assigned, ...own(x) }));

/** Where an integration's discovery and assignment are, below its base path at the link service. */
const paths = (base: string) => ({ discovery: `${base}/discovery`, assign: `${base}/assign` }) as const;

/** The two integrations (seed 000 §2 /philipshue, /sonos; §7 paths). */
export const KINDS = {
  hue: {
    title: 'Philips Hue',
    ...paths('/philipshue'),
    items: (d: Discovery) =>
      linkItems(d.devices, (x) => ({
        key: x.hueDeviceId,
        detail: `bridge ${x.bridgeId}`,
        allocate: (to) => ({ ...to, hueDeviceId: x.hueDeviceId }),
      })),
  },
  sonos: {
    title: 'Sonos',
    ...paths('/users'),
    items: (d: Discovery) =>
      linkItems(d.groups, (x) => ({
        key: `${x.householdId}/${x.groupId}`,
        detail: `household ${x.householdId}`,
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
