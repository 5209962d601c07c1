import { AGENT_TYPES, type StructureDoc } from '@console/contracts';
import * as ids from '../ids.ts';
import type { Rng } from '../rng.ts';
import { between, DAY, recent, WORLD_NOW } from '../time.ts';
import type { HistoryInput } from './histories.ts';
import type { BuiltHome } from './structure.ts';
import type { Gen2Docs } from './types.ts';

const STAFF = ['support@demo.local', 'engineer@demo.local', 'admin@demo.local'];

/** Backups, firmware queue items, access requests, notifications and agents of a customer's homes. */
export function addRecords(input: HistoryInput, homes: BuiltHome[], docs: Gen2Docs): void {
  const { rng, seed, index } = input;
  for (const [h, built] of homes.entries()) {
    const { structure, products } = built.home;
    for (const [j, hub] of built.hubs.entries()) {
      const self = products.find((p) => p.linkId === hub.hubId && p.category === 'linkPlus');
      const backups = rng.int(1, 2);
      for (let n = 0; n < backups; n++) {
        const at = recent(rng, 90 * DAY, hub.createdDate.getTime());
        docs.backups.push({
          backupId: ids.objectIdHex(seed, at, index, ids.ID_KIND.backup, (h * 2 + j) * 3 + n, rng),
          linkId: hub.hubId,
          deviceId: self?.deviceId ?? '',
          structureId: structure.rootGroupId,
          createdDate: at,
          reason: rng.pick(['scheduled', 'manual', 'firmwareUpdate']),
          keep: rng.chance(0.1),
          restores: rng.chance(0.1) ? 1 : 0,
          firmwareVersion: hub.firmwareVersion,
          summary: summary(structure, products.length),
        });
      }
    }
    const device = products.find((p) => p.category !== 'linkPlus');
    if (device && rng.chance(0.05)) {
      const at = recent(rng, 30 * DAY);
      const done = rng.chance(0.6);
      docs.firmwareQueue.push({
        rootGroupId: structure.rootGroupId,
        linkId: device.linkId,
        deviceId: device.deviceId,
        productCode: device.productCode,
        releaseId: `fw-${device.productCode.toLowerCase()}-7.1`,
        createdDate: at,
        updatedDate: between(rng, at.getTime(), WORLD_NOW),
        complete: done,
        failed: !done && rng.chance(0.3),
        deleted: false,
      });
    }
    for (const access of structure.userRootAccess.slice(1)) {
      const asked = access.createdDate;
      const owner = structure.userRootAccess[0]?.userId ?? '';
      docs.structureAccessRequests.push({
        rootGroupId: structure.rootGroupId,
        dateRequested: asked,
        complete: true,
        completeDate: asked,
        action: 'invite',
        status: rng.chance(0.9) ? 'accepted' : 'declined',
        success: true,
        requestingUserId: owner,
        fromUserId: owner,
        targetUserEmail: `member.${access.userId.slice(-6)}@example.com`,
        accessLevel: access.levels[0] ?? 'user',
        groupId: structure.rootGroupId,
      });
    }
    if (rng.chance(0.25)) agent(input, structure, docs);
  }
  const features = homes.flatMap((b) => Object.keys(b.home.structure.features).slice(0, 3));
  if (features.length > 0 && rng.chance(0.2)) {
    docs.notifications.push({
      userId: input.ownerId,
      notifications: features.slice(0, rng.int(1, 3)).map((featureId, i) => ({
        id: `${input.ownerId}-n${i}`,
        clientId: `app-${rng.hex(8)}`,
        type: rng.chance(0.8) ? 'pushNotification' : 'iftttTrigger',
        meta: { featureId, structureId: homes[0]?.home.structure.rootGroupId ?? '' },
      })),
    });
  }
  if (rng.chance(0.05)) supportNote(rng, input.ownerId, recent(rng, 60 * DAY), docs);
}

/** A staff member's (or the system's) note on a customer at `at`, and the view that came with it. */
export function supportNote(
  rng: Rng,
  customerId: string,
  at: Date,
  docs: Pick<Gen2Docs, 'supportNotes' | 'viewHistory'>,
): void {
  const author = rng.chance(0.3) ? 'system' : rng.pick(STAFF);
  docs.supportNotes.push({
    notes:
      author === 'system'
        ? `${rng.pick(STAFF)} ran sync-link`
        : 'Customer called about a light that will not pair.',
    customerId,
    userId: author,
    createdDate: at,
    updatedDate: at,
  });
  docs.viewHistory.push({ customerId, userId: rng.pick(STAFF), createdDate: at });
}

function summary(structure: StructureDoc, products: number) {
  const groups = Object.values(structure._groups);
  const count = (type: string) => groups.filter((g) => g.type === type).length;
  return {
    products,
    devices: Object.keys(structure.devices).length,
    features: Object.keys(structure.features).length,
    automations: Object.keys(structure.automations).length,
    rooms: count('room'),
    featureSets: count('featureSet'),
    automationSets: count('automationSet'),
  };
}

function agent(input: HistoryInput, structure: StructureDoc, docs: Gen2Docs) {
  const { rng } = input;
  const type = rng.pick(AGENT_TYPES);
  const created = between(rng, structure.createdDate.getTime(), WORLD_NOW);
  const linked = rng.chance(0.9);
  docs.agents.push({
    type,
    userId: input.ownerId,
    rootGroups: [structure.rootGroupId],
    createdDate: created,
    lastUpdatedAt: between(rng, created.getTime(), WORLD_NOW),
    lastUpdateReason: rng.pick(['discovery', 'stateReport', 'userRequest']),
    linked,
    ...(linked ? {} : { unLinkReason: rng.pick(['userUnlinked', 'tokenExpired']) }),
    ...(type === 'google' ? { lastSync: between(rng, created.getTime(), WORLD_NOW) } : {}),
    devices: Object.values(structure.devices)
      .slice(0, 3)
      .map((d) => ({ name: d.name, productCode: d.productCode, type: 'LIGHT', endpointId: d.deviceId })),
  });
}
