import {
  BAD_BATCH_LABEL,
  categoryOfProductCode,
  DEVICE_CATEGORIES,
  type DeviceCard,
  type DeviceCategory,
  firmwareBelow66,
  type Group,
  type GroupCard,
  isBadBatchSerial,
  type ProductDoc,
  type StructureDevice,
  type StructureDoc,
} from '@console/contracts';

const CATEGORIES = new Set<string>(DEVICE_CATEGORIES);

/** The category a card goes under: the product record's, else the product-code table's. */
export function categoryOf(product: ProductDoc | undefined, productCode: string): DeviceCategory {
  const given = product?.category;
  return given && CATEGORIES.has(given) ? given : categoryOfProductCode(productCode);
}

export function deviceCard(
  id: string,
  device: StructureDevice | undefined,
  product: ProductDoc | undefined,
): DeviceCard {
  const productCode = product?.productCode ?? device?.productCode ?? '';
  const serial = product?.serial ?? product?.attributes?.serial ?? null;
  const firmware = product?.firmwareVersion ?? product?.attributes?.firmware ?? null;
  const badBatch = isBadBatchSerial(serial);
  const category = categoryOf(product, productCode);
  return {
    deviceId: id,
    name: product?.name ?? device?.name ?? '',
    productCode,
    virtualProductCode: product?.virtualProductCode ?? null,
    category,
    linkId: Number(product?.linkId ?? device?.linkId ?? 0),
    serial,
    firmwareVersion: firmware,
    deviceStatus: product?.deviceStatus ?? 'unknown',
    paired: product?.paired ?? false,
    unpaired: product?.deviceUnpaired === true,
    migrated: product?.migrated === true,
    badBatch,
    badBatchLabel: badBatch ? BAD_BATCH_LABEL : null,
    // Device firmware; the Link Plus runs its own 3.x line, to which the 6.6 threshold does not apply.
    firmwareBelow66: category !== 'linkPlus' && firmwareBelow66(firmware),
    featureIds: product?.featureIds ?? device?.featureIds ?? [],
    groups: product?.groups ?? [],
    icon: product?.icon ?? null,
    productMissing: !product,
  };
}

/** Every device of the structure and every product paired into it, by category in the tab's order. */
export function devicesByCategory(structure: StructureDoc, products: ProductDoc[]) {
  const byId = new Map(products.map((p) => [p.deviceId, p]));
  const ids = [...new Set([...Object.keys(structure.devices ?? {}), ...byId.keys()])];
  const cards = ids.map((id) => deviceCard(id, structure.devices?.[id], byId.get(id)));
  return DEVICE_CATEGORIES.map((category) => ({
    category,
    devices: cards.filter((c) => c.category === category).sort((a, b) => a.name.localeCompare(b.name)),
  }));
}

export function groupCard(g: Group): GroupCard {
  return {
    groupId: g.groupId,
    type: g.type,
    name: g.name ?? '',
    visible: g.visible !== false,
    features: (g.features ?? []).length,
    automations: (g.automations ?? []).length,
    deviceId: g.deviceId ?? null,
    primaryFeatureId: g.primaryFeatureId ?? null,
    order: g.order ?? 0,
    accessCount: g.accessCount ?? 0,
    parentGroups: g.parentGroups ?? [],
  };
}
