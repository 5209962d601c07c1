import type {
  DeviceType,
  DeviceTypeValue,
  FirmwareReleaseRecordDoc,
  HubDoc,
  ProductDoc,
  StructureDoc,
  UserDoc,
  Wfl,
} from '@console/contracts';
import { shiftDates, shiftOf } from './clock.ts';
import { type Customer, type GenerateOptions, generateCustomer } from './customer.ts';
import { DEVICE_TYPE_VALUES, DEVICE_TYPES } from './gen1/catalog.ts';

/** The world's size: `customers` customers, numbered from 0, all derived from `seed`. */
export interface WorldSpec {
  seed: number;
  customers: number;
}

/** Customers `from` to `spec.customers - 1`, one at a time: memory stays flat at any size. */
export function* customers(spec: WorldSpec, options: GenerateOptions = {}, from = 0): Generator<Customer> {
  for (let i = from; i < spec.customers; i++) yield generateCustomer(spec.seed, i, options);
}

export interface GeneratedHub {
  hub: HubDoc;
  /** Null for a no-root link. */
  structure: StructureDoc | null;
  /** The structure's products on this hub, the hub itself (L2) included. */
  products: ProductDoc[];
  owner: UserDoc;
}

/**
 * Every Gen2 hub of the world with its structure and devices, without the database: the simulator
 * runs the same hubs the loader stored (same seed and size).
 */
export function* hubsOf(spec: WorldSpec): Generator<GeneratedHub> {
  for (const c of customers(spec, { histories: false, gen1: false })) {
    const owner = c.gen2.users[0];
    if (!owner) continue;
    for (const hub of c.gen2.hubs) {
      const structure = c.gen2.structures.find((s) => s.rootGroupId === hub.rootGroupId) ?? null;
      const products = c.gen2.products.filter((p) => p.linkId === hub.hubId);
      yield { hub, structure, products, owner };
    }
  }
}

/** Every Gen1 WiFi link of the world with its owner's e-mail, without the database. */
export function* wflsOf(spec: WorldSpec): Generator<Wfl & { email: string }> {
  for (const c of customers(spec, { histories: false, gen2: false })) {
    for (const wfl of c.gen1.wfls) {
      const user = c.gen1.users.find((u) => u.user_id === wfl.user_id);
      yield { ...wfl, email: user?.email ?? '' };
    }
  }
}

/** What belongs to the world rather than to a customer. */
export interface WorldGlobals {
  deviceTypes: readonly DeviceType[];
  deviceTypeValues: readonly DeviceTypeValue[];
  firmwareReleases: FirmwareReleaseRecordDoc[];
}

/** The world's device types and firmware releases; release dates moved to a world whose now is `now`. */
export function worldGlobals(now?: number): WorldGlobals {
  const release = (
    code: string,
    version: string,
    from: string[],
    extra: Partial<FirmwareReleaseRecordDoc> = {},
  ) => ({
    releaseId: `fw-${code.toLowerCase()}-${version}`,
    releaseName: `${code} ${version}`,
    productCode: code,
    version,
    updatedDate: new Date(Date.UTC(2025, 2, 1)),
    versionPaths: from,
    categories: ['general'],
    notForGeneralRelease: false,
    ...extra,
  });
  const firmwareReleases = [
    release('L2', '3.40.1', ['3.35.0', '3.37.2', '3.38.0']),
    release('L2', '3.41.0-beta', ['3.40.1'], { categories: ['beta'], notForGeneralRelease: true }),
    release('L2', '3.41.0-int', ['3.40.1'], { categories: ['internal'], notForGeneralRelease: true }),
    ...['L21', 'L22', 'L41', 'L42', 'L81', 'L91', 'LW934', 'LW921'].map((code) =>
      release(code, '7.1', ['5.8', '6.2', '6.5', '6.6', '6.9']),
    ),
    release('L42', '7.2-int', ['7.1'], { categories: ['internal'], notForGeneralRelease: true }),
  ];
  if (now !== undefined) shiftDates(firmwareReleases, shiftOf(now));
  return {
    deviceTypes: DEVICE_TYPES,
    deviceTypeValues: DEVICE_TYPE_VALUES,
    firmwareReleases,
  };
}
