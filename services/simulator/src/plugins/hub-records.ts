import {
  COLLECTIONS,
  type HubDoc,
  type ProductDoc,
  parseDeviceId,
  type SimAutomation,
  type SimDevice,
  type SimHub,
  type StructureDoc,
} from '@console/contracts';
import type { FastifyInstance } from 'fastify';

type Db = FastifyInstance['mongo'];

/** What a hub holds of its structure: the parts of the documents the simulator reads. */
export type StructureRecords = Pick<StructureDoc, 'features' | 'automations'>;

/** The link an id of the structure is numbered on (`{structure}-{n}-{linkId}+{index}`), or null. */
const linkOf = (id: string): number | null => parseDeviceId(id)?.linkId ?? null;

/**
 * A hub as the world's records say, in the simulator's shapes: its devices are the products paired
 * to it (`linkId`, the hub itself included), each with the structure's features of that device,
 * and its automations the structure's automations numbered on it (an automation's id carries the
 * link it is kept on, as the structure page reads it). Feature values are not stored: `value` is
 * 0 (the simulator keeps them as the hub is told).
 */
export function hubFromRecords(
  hub: Pick<HubDoc, 'hubId' | 'rootGroupId' | 'firmwareVersion' | 'configNumber' | 'systemStorageNumber'> &
    Partial<Pick<HubDoc, 'errorState' | 'lock' | 'homeKitPaired'>>,
  structure: StructureRecords | null,
  products: readonly Pick<ProductDoc, 'deviceId' | 'productCode' | 'serial' | 'firmwareVersion'>[],
): SimHub {
  const features = Object.values(structure?.features ?? {});
  const devices: SimDevice[] = products.map((p) => ({
    deviceId: p.deviceId,
    productCode: p.productCode,
    serial: p.serial ?? '',
    firmwareVersion: p.firmwareVersion ?? '',
    features: features
      .filter((f) => f.deviceId === p.deviceId)
      .map((f) => ({ featureId: f.featureId, type: f.attributes?.type ?? '', name: f.name ?? '', value: 0 })),
  }));
  const automations: SimAutomation[] = Object.values(structure?.automations ?? {})
    .filter((a) => linkOf(a.groupId) === hub.hubId)
    .map((a) => ({
      automationId: a.groupId,
      name: a.name ?? '',
      category: a.category ?? '',
      active: a.active !== false,
      script: JSON.stringify(a.script ?? {}),
    }));
  return {
    hubId: hub.hubId,
    rootGroupId: hub.rootGroupId ?? '',
    firmwareVersion: hub.firmwareVersion ?? '',
    configNumber: hub.configNumber ?? 0,
    systemStorageNumber: hub.systemStorageNumber ?? 0,
    errorState: hub.errorState === true,
    locked: hub.lock?.locked === true,
    homeKitPaired: hub.homeKitPaired === true,
    devices,
    automations,
  };
}

const HUB_FIELDS = {
  _id: 0,
  hubId: 1,
  rootGroupId: 1,
  firmwareVersion: 1,
  configNumber: 1,
  systemStorageNumber: 1,
  errorState: 1,
  lock: 1,
  homeKitPaired: 1,
} as const;
const PRODUCT_FIELDS = { _id: 0, deviceId: 1, productCode: 1, serial: 1, firmwareVersion: 1 } as const;

/**
 * Reads hubs' records from the Mongo-compatible store the world is loaded in, by index equality
 * only (hubs.hubId, structures.rootGroupId, products.linkId; FerretDB reads a whole collection for
 * an `$in`), at most `concurrency` hubs at a time however many hubs ask: the others queue, so a
 * burst of first commands never floods the store.
 */
export class HubRecordReader {
  private readonly db: Db;
  private readonly concurrency: number;
  private inFlight = 0;
  private readonly queue: (() => void)[] = [];
  constructor(db: Db, concurrency = 4) {
    this.db = db;
    this.concurrency = concurrency;
  }

  /** One hub as its records say; null when the store has no hub of that id. */
  async read(hubId: number): Promise<SimHub | null> {
    if (this.inFlight >= this.concurrency) await new Promise<void>((go) => this.queue.push(go));
    else this.inFlight++;
    try {
      return await this.readNow(hubId);
    } finally {
      // The slot passes to the next in the queue, or is freed.
      const next = this.queue.shift();
      if (next) next();
      else this.inFlight--;
    }
  }

  private async readNow(hubId: number): Promise<SimHub | null> {
    const hub = await this.db
      .collection<HubDoc>(COLLECTIONS.hubs)
      .findOne({ hubId }, { projection: HUB_FIELDS, maxTimeMS: 10_000 });
    if (!hub) return null;
    const [structure, products] = await Promise.all([
      hub.rootGroupId
        ? this.db
            .collection<StructureDoc>(COLLECTIONS.structures)
            .findOne(
              { rootGroupId: hub.rootGroupId },
              { projection: { _id: 0, features: 1, automations: 1 }, maxTimeMS: 10_000 },
            )
        : null,
      this.db
        .collection<ProductDoc>(COLLECTIONS.products)
        .find({ linkId: hubId }, { projection: PRODUCT_FIELDS, maxTimeMS: 10_000 })
        .toArray(),
    ]);
    return hubFromRecords(hub, structure, products);
  }

  /** Many hubs (read `concurrency` at a time); a hub the store lacks is left out. */
  async readMany(hubIds: readonly number[]): Promise<Map<number, SimHub>> {
    const out = new Map<number, SimHub>();
    await Promise.all(
      hubIds.map(async (id) => {
        const hub = await this.read(id);
        if (hub) out.set(id, hub);
      }),
    );
    return out;
  }
}
