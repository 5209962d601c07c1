import type { HubDoc, SyncUpdateDoc } from '@console/contracts';
import { HUB_FIRMWARE } from '../catalog.ts';
import * as ids from '../ids.ts';
import type { Rng } from '../rng.ts';
import { between, DAY, recent, WORLD_NOW } from '../time.ts';

export interface HubInput {
  seed: number;
  index: number;
  rng: Rng;
  /** 0–3: structure × 2 + hub within it. */
  slot: number;
  rootGroupId: string | null;
  userId: string;
  created: Date;
  flags: Set<string>;
}

/** The hub id for a slot: most in 0xbc… (hex 'bc' + 6 digits), the rest under other top bytes. */
export function pickHubId(input: Pick<HubInput, 'seed' | 'index' | 'rng' | 'slot'>): number {
  const top = input.rng.chance(0.9) ? 0xbc : input.rng.pick([0xbd, 0xbe, 0xc0]);
  return ids.hubId(input.seed, input.index, input.slot, top);
}

/**
 * A Link Plus hub document; in error state (with the sync update that set it), locked, HomeKit
 * paired or none of those. `serial` is the hub's own product serial.
 */
export function makeHub(
  input: HubInput,
  hubId: number,
  serial: string,
): { hub: HubDoc; errorUpdate?: SyncUpdateDoc } {
  const { rng, flags } = input;
  const firmwareVersion = rng.weighted(HUB_FIRMWARE);
  const configNumber = rng.int(1, 900);
  const errorType =
    input.rootGroupId !== null && rng.chance(0.03)
      ? rng.pick(['configNumber', 'systemStorageNumber'] as const)
      : null;
  const locked = rng.chance(0.04);
  const count = rng.int(1, 400);
  const min = rng.int(5, 600);
  const max = min + rng.int(3600, 40 * 86400);
  const hub: HubDoc = {
    hubId,
    rootGroupId: input.rootGroupId,
    userId: input.userId,
    serial,
    errorState: errorType !== null,
    errorSyncUpdateId: null,
    lock: { locked, since: locked ? recent(rng, 30 * DAY) : null },
    firmwareVersion,
    configNumber,
    systemStorageNumber: errorType === 'systemStorageNumber' ? rng.int(1, 9) : 0,
    factoryResets: rng.weighted([
      [0, 80],
      [1, 15],
      [2, 4],
      [5, 1],
    ] as const),
    factoryConfig: 1,
    deviceMinId: rng.int(1, 40),
    homeKitPaired: rng.chance(0.3),
    createdDate: input.created,
    updatedDate: between(rng, input.created.getTime(), WORLD_NOW),
    stats: { history: { average: Math.round((min + max) / 2), count, min, max } },
    firmwareInfo: [
      { name: 'firmware', value: firmwareVersion },
      { name: 'bootloader', value: rng.pick(['1.0.3', '1.1.0']) },
    ],
  };
  if (locked) flags.add('gen2.locked');
  if (!errorType || input.rootGroupId === null) return { hub };
  flags.add('gen2.errorState');
  const at = recent(rng, 20 * DAY, input.created.getTime());
  const errorSyncUpdateId = ids.objectIdHex(
    input.seed,
    at,
    input.index,
    ids.ID_KIND.syncUpdate,
    input.slot,
    rng,
  );
  hub.errorSyncUpdateId = errorSyncUpdateId;
  const errorUpdate: SyncUpdateDoc = {
    rootGroupId: input.rootGroupId,
    linkId: hubId,
    createdDate: at,
    state: { type: errorType, subType: 'errorState-is-set', caller: 'link2', errorCount: rng.int(1, 5) },
    errorSyncUpdateId,
    data: [
      {
        authedHubObj: {
          authPayload: { factoryConfig: 1, configNumber: configNumber + 1, deviceMinId: hub.deviceMinId },
        },
      },
    ],
  };
  return { hub, errorUpdate };
}
