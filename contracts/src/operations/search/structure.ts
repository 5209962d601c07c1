import { type Static, Type } from '@sinclair/typebox';
import {
  DateTimeString,
  DeviceCategorySchema,
  DeviceStatusSchema,
  fields,
  Nullable,
} from '../../world/common.ts';
import { GroupTypeSchema } from '../../world/structure.ts';

export const StructureUserSchema = Type.Object({
  ...fields(Type.String, 'userId', 'email'),
  createdDate: DateTimeString(),
  structures: Type.Integer({ description: 'How many structures the user can reach' }),
  levels: Type.Array(Type.String(), { description: 'Access levels in this structure (owner, admin, user…)' }),
  roles: Type.Array(Type.String()),
  hasV5Licence: Type.Boolean(),
  v5AppliedHere: Type.Boolean({ description: "This user's V5 licence is the one applied to this structure" }),
  plusMember: Type.Boolean({ description: 'Shopify Plus subscriber (tag _lwrf_subscriberTag)' }),
  authEmailMismatch: Type.Boolean({ description: 'The auth record e-mail differs (highlighted)' }),
  currentRootGroup: Nullable(Type.String()),
});
export type StructureUser = Static<typeof StructureUserSchema>;

export const StructureHubSchema = Type.Object({
  hubId: Type.Integer(),
  ...fields(Type.String, 'hubIdHex', 'serial', 'firmwareVersion'),
  errorState: Type.Boolean(),
  errorSyncUpdateId: Nullable(Type.String()),
  locked: Type.Boolean(),
  lockedSince: Nullable(DateTimeString()),
  homeKitPaired: Type.Boolean(),
  configNumber: Type.Integer(),
  systemStorageNumber: Type.Integer({ description: "Not 0 shows 'systemStorageNumber NOT 0'" }),
  factoryResets: Type.Integer(),
  createdDate: DateTimeString('Added date'),
  updatedDate: DateTimeString(),
  stats: Type.Object({
    average: Type.Number(),
    count: Type.Integer(),
    ...fields(Type.Number, 'min', 'max'),
  }),
  firmwareInfo: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
});
export type StructureHub = Static<typeof StructureHubSchema>;

export const DeviceCardSchema = Type.Object({
  ...fields(Type.String, 'deviceId', 'name', 'productCode'),
  virtualProductCode: Nullable(Type.String()),
  category: DeviceCategorySchema,
  linkId: Type.Integer(),
  serial: Nullable(Type.String({ description: 'Null when no product record was found' })),
  firmwareVersion: Nullable(Type.String()),
  deviceStatus: DeviceStatusSchema,
  paired: Type.Boolean(),
  unpaired: Type.Boolean({ description: 'deviceUnpaired flag' }),
  ...fields(Type.Boolean, 'migrated', 'badBatch'),
  badBatchLabel: Nullable(
    Type.String({ description: "'Serial is from L42MK3 initial batch' when badBatch" }),
  ),
  firmwareBelow66: Type.Boolean({ description: 'The firmware warning flag' }),
  featureIds: Type.Array(Type.String()),
  groups: Type.Array(Type.String()),
  icon: Nullable(Type.String()),
  productMissing: Type.Boolean({
    description: 'The structure lists the device but no product record exists',
  }),
});
export type DeviceCard = Static<typeof DeviceCardSchema>;

export const GroupCardSchema = Type.Object({
  groupId: Type.String(),
  type: GroupTypeSchema,
  name: Type.String(),
  visible: Type.Boolean(),
  features: Type.Integer({ description: 'How many features' }),
  automations: Type.Integer(),
  deviceId: Nullable(Type.String()),
  primaryFeatureId: Nullable(Type.String()),
  ...fields(Type.Integer, 'order', 'accessCount'),
  parentGroups: Type.Array(Type.String()),
});
export type GroupCard = Static<typeof GroupCardSchema>;

const GroupRef = Type.Object({
  groupId: Type.String(),
  name: Nullable(Type.String({ description: 'Null when the group is not in the structure' })),
});

export const FeatureCardSchema = Type.Object({
  ...fields(Type.String, 'featureId', 'name', 'type', 'key'),
  channel: Type.Integer(),
  deviceId: Type.String(),
  deviceName: Nullable(Type.String({ description: "Null shows 'Missing Device!'" })),
  missingDevice: Type.Boolean(),
  groups: Type.Array(GroupRef),
});
export type FeatureCard = Static<typeof FeatureCardSchema>;

export const AutomationCardSchema = Type.Object({
  ...fields(Type.String, 'groupId', 'name'),
  active: Type.Boolean(),
  ...fields(Type.String, 'category', 'scriptType'),
  features: Type.Array(Type.String()),
  groups: Type.Array(GroupRef),
  missingGroups: Type.Array(Type.String(), { description: "Each shows 'Missing group!' followed by the id" }),
  automationSet: Nullable(Type.String({ description: 'The automationSet group holding it' })),
});
export type AutomationCard = Static<typeof AutomationCardSchema>;

export const StructureProblemSchema = Type.Object({
  source: Type.String({ description: 'feature, group, user, device…' }),
  message: Type.String(),
});

export const StructureDetailSchema = Type.Object({
  structure: Type.Object({
    ...fields(Type.String, 'rootGroupId', 'name'),
    version: Type.Integer(),
    createdDate: DateTimeString(),
    updatedDate: DateTimeString(),
    link2: Type.Array(Type.Integer()),
    v5: Nullable(Type.Object({ license: Type.String(), userId: Type.String() })),
    userRootAccess: Type.Array(
      Type.Object({
        userId: Type.String(),
        levels: Type.Array(Type.String()),
        createdDate: DateTimeString(),
      }),
    ),
  }),
  users: Type.Array(StructureUserSchema),
  hubs: Type.Array(StructureHubSchema),
  devices: Type.Array(
    Type.Object({ category: DeviceCategorySchema, devices: Type.Array(DeviceCardSchema) }),
    { description: 'Every category in the Devices tab order, empty ones included' },
  ),
  groups: Type.Object({
    byType: Type.Array(Type.Object({ type: GroupTypeSchema, groups: Type.Array(GroupCardSchema) })),
    invisible: Type.Array(GroupCardSchema),
  }),
  features: Type.Array(FeatureCardSchema),
  automations: Type.Array(AutomationCardSchema),
  problems: Type.Array(StructureProblemSchema, { description: 'The Errors tab data-quality list' }),
  counts: Type.Object({
    ...fields(Type.Integer, 'devices', 'features', 'groups', 'automations'),
  }),
});
export type StructureDetail = Static<typeof StructureDetailSchema>;
