import {
  type AutomationCard,
  type FeatureCard,
  GROUP_TYPES,
  type HubDoc,
  hubIdHex,
  PLUS_SUBSCRIBER_TAG,
  type ProductDoc,
  type StructureDetail,
  type StructureDoc,
  type StructureHub,
  type StructureUser,
  type UserDoc,
} from '@console/contracts';
import { iso } from './found.ts';
import { devicesByCategory, groupCard } from './structure-cards.ts';
import { structureProblems } from './structure-problems.ts';

export interface StructureParts {
  structure: StructureDoc;
  hubs: HubDoc[];
  products: ProductDoc[];
  users: UserDoc[];
}

function hubView(h: HubDoc): StructureHub {
  const s = h.stats?.history;
  return {
    hubId: h.hubId,
    hubIdHex: hubIdHex(h.hubId),
    serial: h.serial ?? '',
    firmwareVersion: h.firmwareVersion ?? '',
    errorState: h.errorState === true,
    errorSyncUpdateId: h.errorSyncUpdateId ?? null,
    locked: h.lock?.locked === true,
    lockedSince: h.lock?.since ? iso(h.lock.since) : null,
    homeKitPaired: h.homeKitPaired === true,
    configNumber: h.configNumber ?? 0,
    systemStorageNumber: h.systemStorageNumber ?? 0,
    factoryResets: h.factoryResets ?? 0,
    createdDate: iso(h.createdDate),
    updatedDate: iso(h.updatedDate),
    stats: { average: s?.average ?? 0, count: s?.count ?? 0, min: s?.min ?? 0, max: s?.max ?? 0 },
    firmwareInfo: h.firmwareInfo ?? [],
  };
}

function userView(u: UserDoc, s: StructureDoc): StructureUser {
  const access = (s.userRootAccess ?? []).find((a) => a.userId === u.userId);
  const v5 = s.licenses?.v5;
  return {
    userId: u.userId,
    email: u.email,
    createdDate: iso(u.createdDate),
    structures: (u.rootGroupIds ?? []).length,
    levels: access?.levels ?? [],
    roles: u.roles ?? [],
    hasV5Licence: Boolean(u.licenses?.v5?.license),
    v5AppliedHere: Boolean(v5 && v5.userId === u.userId),
    plusMember: u.shopify?.isPlusSubscriber === true || u.shopify?.subscriberTag === PLUS_SUBSCRIBER_TAG,
    authEmailMismatch: Boolean(u.authUser?.email) && u.authUser.email.toLowerCase() !== u.email.toLowerCase(),
    currentRootGroup: u.currentRootGroup ?? null,
  };
}

/** The structure detail of the Support Plus screen, from the documents as read. */
export function structureDetail({ structure: s, hubs, products, users }: StructureParts): StructureDetail {
  const groups = s._groups ?? {};
  const devices = s.devices ?? {};
  const groupRef = (groupId: string) => ({ groupId, name: groups[groupId]?.name ?? null });
  const features: FeatureCard[] = Object.values(s.features ?? {}).map((f) => ({
    featureId: f.featureId,
    name: f.name ?? '',
    type: f.attributes?.type ?? '',
    key: f.key ?? '',
    channel: f.attributes?.channel ?? 0,
    deviceId: f.deviceId,
    deviceName: devices[f.deviceId]?.name ?? null,
    missingDevice: !devices[f.deviceId],
    groups: (f.groups ?? []).map(groupRef),
  }));
  const setOf = new Map<string, string>();
  for (const g of Object.values(groups)) {
    if (g.type === 'automationSet') for (const a of g.automations ?? []) setOf.set(a, g.groupId);
  }
  const automations: AutomationCard[] = Object.values(s.automations ?? {}).map((a) => ({
    groupId: a.groupId,
    name: a.name ?? '',
    active: a.active !== false,
    category: a.category ?? '',
    scriptType: a.script?.type ?? '',
    features: a.features ?? [],
    groups: (a.groups ?? []).map(groupRef),
    missingGroups: (a.groups ?? []).filter((g) => !groups[g]),
    automationSet: setOf.get(a.groupId) ?? null,
  }));
  const cards = Object.values(groups).map(groupCard);
  const order = users.map((u) => u.userId);
  const listed = (s.userRootAccess ?? []).map((a) => a.userId);
  const rank = (id: string) => listed.indexOf(id) + 1 || listed.length + 1 + order.indexOf(id);
  return {
    structure: {
      rootGroupId: s.rootGroupId,
      name: s.name ?? '',
      version: s.version ?? 0,
      createdDate: iso(s.createdDate),
      updatedDate: iso(s.updatedDate),
      link2: s.link2 ?? [],
      v5: s.licenses?.v5 ?? null,
      userRootAccess: (s.userRootAccess ?? []).map((a) => ({
        userId: a.userId,
        levels: a.levels ?? [],
        createdDate: iso(a.createdDate),
      })),
    },
    users: users.map((u) => userView(u, s)).sort((a, b) => rank(a.userId) - rank(b.userId)),
    hubs: hubs.map(hubView).sort((a, b) => a.hubId - b.hubId),
    devices: devicesByCategory(s, products),
    groups: {
      byType: GROUP_TYPES.map((type) => ({
        type,
        groups: cards
          .filter((g) => g.type === type && g.visible)
          .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)),
      })),
      invisible: cards.filter((g) => !g.visible).sort((a, b) => a.name.localeCompare(b.name)),
    },
    features: features.sort((a, b) => a.name.localeCompare(b.name)),
    automations: automations.sort((a, b) => a.name.localeCompare(b.name)),
    problems: structureProblems({ structure: s, hubs, products, users }),
    counts: {
      devices: new Set([...Object.keys(devices), ...products.map((p) => p.deviceId)]).size,
      features: features.length,
      groups: cards.length,
      automations: automations.length,
    },
  };
}
