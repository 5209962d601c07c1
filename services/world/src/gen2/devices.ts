import type { DeviceCategory, Group, ProductDoc } from '@console/contracts';
import { DEVICE_FIRMWARE, type ProductKind } from '../catalog.ts';
import * as ids from '../ids.ts';
import { between, WORLD_NOW } from '../time.ts';
import type { Home } from './home.ts';

const WORDS: Record<DeviceCategory, readonly string[]> = {
  linkPlus: ['Link Plus'],
  lighting: ['Lights', 'Spots', 'Pendant', 'Lamp', 'Wall lights'],
  power: ['Socket', 'TV socket', 'Kettle', 'Heater socket'],
  heating: ['Radiator', 'Thermostat', 'Towel rail'],
  control: ['Switch', 'Scene switch', 'Relay'],
  sensor: ['Window', 'Door', 'Energy'],
  virtualDevice: ['Virtual switch'],
  other: ['Device'],
};

export interface PairContext {
  seed: number;
  index: number;
  /** Serial slot within the customer (0–63). */
  slot: number;
  created: Date;
  flags: Set<string>;
}

/**
 * Pairs one device of `kind` to hub `linkId` in `room`: its product document, its entry in the
 * structure's devices, a featureSet group per channel and the features.
 */
export function pairDevice(
  home: Home,
  linkId: number,
  kind: ProductKind,
  room: Group | null,
  ctx: PairContext,
  extra: Partial<ProductDoc> = {},
): ProductDoc {
  const { rng } = home;
  const deviceId = home.nextId(linkId);
  const name =
    kind.category === 'linkPlus'
      ? 'Link Plus'
      : `${room ? `${room.name} ` : ''}${rng.pick(WORDS[kind.category])}`;
  const badBatch = kind.code === 'L42' && rng.chance(0.25);
  if (badBatch) ctx.flags.add('gen2.badBatch');
  const serial = badBatch ? ids.badBatchSerial(rng) : ids.serial(ctx.seed, ctx.index, ctx.slot, 2);
  const firmwareVersion =
    kind.category === 'linkPlus' ? (extra.firmwareVersion ?? '3.38.0') : rng.weighted(DEVICE_FIRMWARE);
  const groups: string[] = room ? [room.groupId] : [];
  const featureIds: string[] = [];
  for (const type of kind.deviceFeatures) {
    featureIds.push(home.feature(deviceId, linkId, type, 0, name, []).featureId);
  }
  for (let ch = 1; ch <= kind.channels; ch++) {
    const label = kind.channels > 1 ? `${name} ${ch}` : name;
    const set = home.group('featureSet', label, { deviceId, parentGroups: room ? [room.groupId] : [] });
    groups.push(set.groupId);
    for (const [i, type] of kind.channelFeatures.entries()) {
      // The room lists each channel's primary feature; the featureSet holds them all.
      const inRoom = room && i === 0 ? [set.groupId, room.groupId] : [set.groupId];
      const f = home.feature(deviceId, linkId, type, ch, label, inRoom);
      if (kind.virtualProductCode) f.attributes.virtualType = type;
      featureIds.push(f.featureId);
    }
    set.primaryFeatureId = set.features[0];
  }
  const paired = rng.chance(0.97);
  const product: ProductDoc = {
    deviceId,
    rootGroupId: home.structure.rootGroupId,
    linkId,
    productCode: kind.code,
    ...(kind.virtualProductCode ? { virtualProductCode: kind.virtualProductCode } : {}),
    category: kind.category,
    serial,
    firmwareVersion,
    attributes: { serial, firmware: firmwareVersion, hardware: kind.hardware, protocol: kind.protocol },
    featureIds,
    paired,
    name,
    createdDate: between(rng, ctx.created.getTime(), WORLD_NOW),
    deviceStatus: rng.weighted([
      ['connected', 85],
      ['disconnected', 10],
      ['unknown', 5],
    ] as const),
    ...(paired ? {} : { deviceUnpaired: true }),
    groups,
    icon: `lw-${kind.code.toLowerCase()}`,
    ...extra,
  };
  home.products.push(product);
  home.structure.devices[deviceId] = { deviceId, productCode: kind.code, name, linkId, featureIds };
  return product;
}
