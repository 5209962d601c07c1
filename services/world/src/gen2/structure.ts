import type { HubDoc, ProductArchiveDoc, SyncUpdateDoc } from '@console/contracts';
import { LINK_PLUS, MIGRATED_PRODUCTS, PRODUCTS } from '../catalog.ts';
import * as ids from '../ids.ts';
import { placeName, roomNames } from '../names.ts';
import type { Rng } from '../rng.ts';
import { between, WORLD_NOW } from '../time.ts';
import { addAnomalies, addAutomations, addGroupings } from './automations.ts';
import { pairDevice } from './devices.ts';
import { Home } from './home.ts';
import { makeHub, pickHubId } from './hub.ts';

export interface HomeInput {
  seed: number;
  index: number;
  rng: Rng;
  /** Which of the customer's structures (0 or 1). */
  slot: number;
  ownerId: string;
  memberIds: string[];
  created: Date;
  empty: boolean;
  migrated: boolean;
  flags: Set<string>;
}

export interface BuiltHome {
  home: Home;
  hubs: HubDoc[];
  errorUpdates: SyncUpdateDoc[];
  archives: ProductArchiveDoc[];
}

/** One structure with its hubs, devices, features, groups and automations. */
export function buildHome(input: HomeInput): BuiltHome {
  const { rng, seed, index, created, flags } = input;
  const structureNumber = ids.objectIdHex(seed, created, index, ids.ID_KIND.structure, input.slot, rng);
  const rootGroupId = `${structureNumber}-${ids.objectIdHex(seed, created, index, ids.ID_KIND.rootGroup, input.slot, rng)}`;
  const users = [input.ownerId, ...input.memberIds];
  const updated = between(rng, created.getTime(), WORLD_NOW);
  const home = new Home(rng, structureNumber, rootGroupId, placeName(rng), users, created, updated);
  home.structure.userRootAccess = users.map((userId, i) => ({
    userId,
    levels: i === 0 ? ['owner'] : [rng.pick(['admin', 'user'])],
    createdDate: i === 0 ? created : between(rng, created.getTime(), WORLD_NOW),
  }));
  const hubCount = input.empty ? 0 : rng.chance(0.05) ? 2 : 1;
  const hubIds = Array.from({ length: hubCount }, (_, j) =>
    pickHubId({ seed, index, rng, slot: input.slot * 2 + j }),
  );
  home.structure.link2 = hubIds;
  home.group('rootGroup', home.structure.name, {}, rootGroupId);
  home.group('main', 'Main', { visible: false });
  const rooms = roomNames(rng, input.empty ? 0 : rng.int(2, 5)).map((name) => home.group('room', name));
  home.rooms.push(...rooms);

  const built: BuiltHome = { home, hubs: [], errorUpdates: [], archives: [] };
  let slot = input.slot * 32;
  for (const [j, hubId] of hubIds.entries()) {
    const hubCreated = between(
      rng,
      created.getTime(),
      Math.min(WORLD_NOW, created.getTime() + 30 * 86400_000),
    );
    const ctx = { seed, index, slot: slot++, created: hubCreated, flags };
    const hubSerial = ids.serial(seed, index, ctx.slot, 2);
    const { hub, errorUpdate } = makeHub(
      {
        seed,
        index,
        rng,
        slot: input.slot * 2 + j,
        rootGroupId,
        userId: input.ownerId,
        created: hubCreated,
        flags,
      },
      hubId,
      hubSerial,
    );
    pairDevice(home, hubId, LINK_PLUS, null, ctx, {
      serial: hubSerial,
      firmwareVersion: hub.firmwareVersion,
    });
    built.hubs.push(hub);
    if (errorUpdate) built.errorUpdates.push(errorUpdate);
    const count = rng.int(2, 10);
    for (let d = 0; d < count && slot < input.slot * 32 + 30; d++) {
      pairDevice(home, hubId, rng.weighted(PRODUCTS), rng.chance(0.92) ? rng.pick(rooms) : null, {
        ...ctx,
        slot: slot++,
      });
    }
    if (j === 0 && input.migrated) {
      flags.add('gen2.migrated');
      for (let m = rng.int(1, 3); m > 0; m--) {
        pairDevice(
          home,
          hubId,
          rng.pick(MIGRATED_PRODUCTS),
          rng.pick(rooms),
          { ...ctx, slot: slot++ },
          { migrated: true },
        );
      }
    }
  }
  if (!input.empty) {
    addGroupings(home);
    addAutomations(home);
    addAnomalies(home, flags);
    if (rng.chance(0.1)) built.archives.push(...archives(home, input));
  }
  return built;
}

function archives(home: Home, input: HomeInput): ProductArchiveDoc[] {
  const { rng } = input;
  const linkId = home.mainLink;
  return Array.from({ length: rng.int(1, 2) }, () => {
    const kind = rng.weighted(PRODUCTS);
    const at = between(rng, input.created.getTime(), WORLD_NOW);
    const restored = rng.chance(0.2);
    return {
      archive: {
        createdDate: input.created,
        deviceId: home.nextId(linkId),
        productCode: kind.code,
        firmwareVersion: '6.5',
        serial: rng.hex(8).toUpperCase(),
        name: `Old ${kind.name.toLowerCase()}`,
      },
      rootGroupId: home.structure.rootGroupId,
      linkId,
      createdDate: at,
      reason: rng.pick(['unpaired', 'removed by user', 'factory reset', 'replaced']),
      ...(restored ? { restoreReason: 'restored from backup' } : {}),
    };
  });
}
