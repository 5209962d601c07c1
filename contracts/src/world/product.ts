import { type Static, Type } from '@sinclair/typebox';
import {
  DeviceCategorySchema,
  DeviceStatusSchema,
  fields,
  LinkId,
  type Stored,
  Timestamp,
} from './common.ts';

/** A paired Gen2 device (the hub itself included, product code L2), as stored in `products`. */
export const ProductSchema = Type.Object({
  deviceId: Type.String({ description: '{structure}-{deviceNumber}-{linkId}+{index}' }),
  rootGroupId: Type.String(),
  linkId: LinkId('The hub that paired the device'),
  productCode: Type.String({ description: 'e.g. L2 (Link Plus), L42 (double socket)' }),
  virtualProductCode: Type.Optional(Type.String({ description: 'Set on virtual and migrated devices' })),
  category: DeviceCategorySchema,
  ...fields(Type.String, 'serial', 'firmwareVersion'),
  attributes: Type.Object({
    ...fields(Type.String, 'serial', 'firmware', 'hardware', 'protocol'),
  }),
  featureIds: Type.Array(Type.String()),
  paired: Type.Boolean(),
  name: Type.String(),
  createdDate: Timestamp(),
  deviceStatus: DeviceStatusSchema,
  deviceUnpaired: Type.Optional(Type.Boolean()),
  groups: Type.Array(Type.String(), { description: 'groupIds of the device (room, featureSets)' }),
  icon: Type.Optional(Type.String()),
  migrated: Type.Optional(
    Type.Literal(true, {
      description:
        'A Gen1 (Connect) device migrated into this structure; absent otherwise. Drives the "Migrated" quick search',
    }),
  ),
});
export type Product = Static<typeof ProductSchema>;
export type ProductDoc = Stored<typeof ProductSchema>;

/** An unpaired device kept in `product-archives` (the Devices tab's 'Un-Paired Devices'). */
export const ProductArchiveSchema = Type.Object({
  archive: Type.Object({
    createdDate: Timestamp(),
    ...fields(Type.String, 'deviceId', 'productCode', 'firmwareVersion', 'serial', 'name'),
  }),
  rootGroupId: Type.String(),
  linkId: LinkId(),
  createdDate: Timestamp('When it was unpaired'),
  reason: Type.String(),
  restoreReason: Type.Optional(Type.String()),
});
export type ProductArchive = Static<typeof ProductArchiveSchema>;
export type ProductArchiveDoc = Stored<typeof ProductArchiveSchema>;
