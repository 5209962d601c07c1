import { AGENT_TYPES, type ProductDoc, type StructureDoc } from '@console/contracts';
import type { Rng } from '../rng.ts';
import { DAY, HOUR, MINUTE, recent, WORLD_NOW } from '../time.ts';
import type { BuiltHome } from './structure.ts';
import type { Gen2Docs } from './types.ts';

/** One customer in this many has a first structure with data on every structure tab. */
export const EVERY_TAB_EVERY = 20;

export interface ExtrasInput {
  index: number;
  rng: Rng;
  ownerId: string;
  flags: Set<string>;
}

/**
 * What the structure tabs show that the histories did not write: device status records
 * (D-Status), access requests still open, and, for one customer in EVERY_TAB_EVERY, a first
 * structure with every tab filled (all three agents, a firmware queue item, a notification, a
 * run of connections with a short and a long gap). It draws from its own random stream, so the
 * rest of the world is the same with or without it.
 */
export function addTabExtras(input: ExtrasInput, homes: BuiltHome[], docs: Gen2Docs): void {
  const { rng } = input;
  for (const built of homes) {
    const { structure, products } = built.home;
    const devices = products.filter((p) => p.category !== 'linkPlus').slice(0, 3);
    for (const device of devices) deviceStatus(rng, structure, device, docs);
    if (rng.chance(0.05)) openRequest(rng, structure, input.ownerId, docs);
  }
  const first = homes[0];
  if (input.index % EVERY_TAB_EVERY !== 0 || !first) return;
  const { structure, products } = first.home;
  const device = products.find((p) => p.category !== 'linkPlus');
  const hub = first.hubs[0];
  if (!device || !hub) return;
  input.flags.add('gen2.everyTab');
  openRequest(rng, structure, input.ownerId, docs);
  for (const type of AGENT_TYPES) {
    if (docs.agents.some((a) => a.type === type && a.rootGroups.includes(structure.rootGroupId))) continue;
    const at = recent(rng, 200 * DAY);
    docs.agents.push({
      type,
      userId: input.ownerId,
      rootGroups: [structure.rootGroupId],
      createdDate: at,
      lastUpdatedAt: at,
      lastUpdateReason: 'discovery',
      linked: type !== 'smartthings',
      ...(type === 'smartthings' ? { unLinkReason: 'userUnlinked' } : {}),
      ...(type === 'google' ? { lastSync: at } : {}),
      devices: [
        { name: device.name, productCode: device.productCode, type: 'LIGHT', endpointId: device.deviceId },
      ],
    });
  }
  const queued = recent(rng, 10 * DAY);
  docs.firmwareQueue.push({
    rootGroupId: structure.rootGroupId,
    linkId: device.linkId,
    deviceId: device.deviceId,
    productCode: device.productCode,
    releaseId: `fw-${device.productCode.toLowerCase()}-7.2`,
    createdDate: queued,
    updatedDate: queued,
    complete: false,
    failed: false,
    deleted: false,
  });
  const featureId = Object.keys(structure.features)[0];
  if (featureId && !docs.notifications.some((n) => n.userId === input.ownerId)) {
    docs.notifications.push({
      userId: input.ownerId,
      notifications: [
        {
          id: `${input.ownerId}-t0`,
          clientId: `app-${rng.hex(8)}`,
          type: 'pushNotification',
          meta: { featureId, structureId: structure.rootGroupId },
        },
      ],
    });
  }
  // Three connections back to back: a gap of a minute, then one of an hour ("long offline").
  let end = WORLD_NOW - rng.int(1, 48) * HOUR;
  for (const gap of [MINUTE, HOUR, 0]) {
    const duration = rng.int(2, 20) * HOUR;
    const start = end - duration;
    docs.workerConnections.push({
      handlerId: `link2.${hub.hubId}.${hub.hubId}`,
      clientType: 'link2',
      clientId: String(hub.hubId),
      rootGroupId: structure.rootGroupId,
      createdDate: new Date(start),
      removedDate: new Date(end),
      connectionDuration: duration,
      oldWorker: { addedDate: new Date(start), workerUniqueId: `worker-${rng.int(1, 8)}` },
    });
    end = start - gap;
  }
}

function deviceStatus(rng: Rng, structure: StructureDoc, device: ProductDoc, docs: Gen2Docs): void {
  const sets = Object.values(structure._groups)
    .filter((g) => g.type === 'featureSet' && g.deviceId === device.deviceId)
    .map((g) => g.groupId);
  for (let i = rng.int(1, 3); i > 0; i--) {
    docs.deviceStatus.push({
      rootGroupId: structure.rootGroupId,
      timestamp: recent(rng, 14 * DAY),
      deviceId: device.deviceId,
      linkId: device.linkId,
      productCode: device.productCode,
      featureSets: sets,
      status: rng.pick(['connected', 'connected', 'disconnected', 'unknown']),
    });
  }
}

function openRequest(rng: Rng, structure: StructureDoc, ownerId: string, docs: Gen2Docs): void {
  docs.structureAccessRequests.push({
    rootGroupId: structure.rootGroupId,
    dateRequested: recent(rng, 5 * DAY),
    complete: false,
    completeDate: null,
    action: 'invite',
    status: 'pending',
    success: false,
    requestingUserId: ownerId,
    fromUserId: ownerId,
    targetUserEmail: `guest.${rng.hex(6)}@example.com`,
    accessLevel: 'user',
    groupId: structure.rootGroupId,
  });
}
