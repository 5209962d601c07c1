import { type Static, Type } from '@sinclair/typebox';
import { fields, LinkId, literalUnion, type Stored, Timestamp } from './common.ts';

/** Feature types the console knows by name; others appear as they come. */
export const FEATURE_TYPES = [
  'switch',
  'dimLevel',
  'dimSetup',
  'bulbSetup',
  'uiButton',
  'uiButtonPair',
  'diagnostics',
  'identify',
  'reset',
  'power',
  'energy',
  'temperature',
  'targetTemperature',
  'valveLevel',
  'windowPosition',
  'batteryLevel',
] as const;

export const FeatureSchema = Type.Object({
  featureId: Type.String({
    description: 'Same form as a deviceId: {structure}-{featureNumber}-{linkId}+{channel}',
  }),
  name: Type.String(),
  deviceId: Type.String({
    description:
      'Device the feature belongs to; when it is not in the structure the card says "Missing Device!"',
  }),
  attributes: Type.Object({
    type: Type.String({ description: `Feature type, e.g. ${FEATURE_TYPES.slice(0, 7).join(', ')}` }),
    channel: Type.Integer({
      minimum: 0,
      description: 'Channel of the device the feature is on (0: the device itself)',
    }),
    virtualType: Type.Optional(Type.String({ description: 'Set on features of virtual devices' })),
  }),
  groups: Type.Array(Type.String(), { description: 'groupIds of the groups the feature is in' }),
  key: Type.String({
    description: 'Feature key shown on the card: the type, and the channel when it has several',
  }),
  icon: Type.Optional(Type.String()),
});
export type Feature = Static<typeof FeatureSchema>;

export const GROUP_TYPES = [
  'rootGroup',
  'room',
  'main',
  'grouping',
  'automationSet',
  'featureSet',
  'zone',
  'other',
] as const;
export const GroupTypeSchema = literalUnion(GROUP_TYPES);
export type GroupType = (typeof GROUP_TYPES)[number];

export const GroupSchema = Type.Object({
  groupId: Type.String(),
  type: GroupTypeSchema,
  name: Type.String(),
  features: Type.Array(Type.String(), { description: 'featureIds in the group' }),
  automations: Type.Array(Type.String(), { description: 'Automation groupIds (automation sets)' }),
  parentGroups: Type.Array(Type.String(), { description: 'groupIds of the groups this one sits in' }),
  visible: Type.Boolean({ description: 'Invisible groups are listed apart on the Groups tab' }),
  access: Type.Array(Type.String(), { description: 'userIds with access to the group' }),
  accessCount: Type.Integer({ minimum: 0 }),
  deviceId: Type.Optional(Type.String({ description: 'The device of a featureSet group' })),
  primaryFeatureId: Type.Optional(
    Type.String({ description: 'The feature that stands for the group; it should be in `features`' }),
  ),
  order: Type.Integer(),
  category: Type.Optional(Type.String()),
  subTypes: Type.Optional(Type.Array(Type.String())),
});
export type Group = Static<typeof GroupSchema>;

export const AutomationSchema = Type.Object({
  groupId: Type.String({ description: 'The automation id (automations are groups of the hierarchy)' }),
  name: Type.String(),
  active: Type.Boolean(),
  category: Type.String({ description: 'e.g. timer, event, mood, sunrise, sunset, heating' }),
  features: Type.Array(Type.String(), { description: 'featureIds the automation acts on or listens to' }),
  groups: Type.Array(Type.String(), {
    description:
      'groupIds the automation uses (its automation set, rooms it acts on); one not in the structure shows "Missing group!"',
  }),
  script: Type.Object({
    type: Type.String({ description: 'Script kind, e.g. schedule, trigger, scene' }),
    condition: Type.Record(Type.String(), Type.Unknown(), { description: 'Condition parameters' }),
    action: Type.Record(Type.String(), Type.Unknown(), { description: 'Action parameters' }),
  }),
});
export type Automation = Static<typeof AutomationSchema>;

export const StructureDeviceSchema = Type.Object({
  deviceId: Type.String({ description: '{structure}-{deviceNumber}-{linkId}+{index}' }),
  ...fields(Type.String, 'productCode', 'name'),
  linkId: LinkId('The hub the device is paired to'),
  featureIds: Type.Array(Type.String()),
});
export type StructureDevice = Static<typeof StructureDeviceSchema>;

export const UserRootAccessSchema = Type.Object({
  userId: Type.String(),
  levels: Type.Array(Type.String(), { description: 'Access levels, e.g. owner, admin, user' }),
  createdDate: Timestamp(),
});

export const StructureSchema = Type.Object({
  rootGroupId: Type.String({
    description: '{structureNumber}-{suffix}; also the groupId of its rootGroup group',
  }),
  name: Type.String({ description: 'Location name' }),
  version: Type.Integer({ minimum: 0, description: 'Structure version, raised on every change' }),
  ...fields(Timestamp, 'createdDate', 'updatedDate'),
  devices: Type.Record(Type.String(), StructureDeviceSchema, { description: 'By deviceId' }),
  features: Type.Record(Type.String(), FeatureSchema, { description: 'By featureId' }),
  _groups: Type.Record(Type.String(), GroupSchema, { description: 'By groupId' }),
  automations: Type.Record(Type.String(), AutomationSchema, { description: 'By automation groupId' }),
  link2: Type.Array(LinkId(), { description: 'The Link Plus hubs of the structure' }),
  licenses: Type.Object({
    v5: Type.Optional(
      Type.Object(
        { license: Type.String(), userId: Type.String({ description: 'Whose licence is applied' }) },
        { description: 'The V5 licence applied to this structure' },
      ),
    ),
  }),
  userRootAccess: Type.Array(UserRootAccessSchema, { description: 'Users with access; several when shared' }),
});
export type Structure = Static<typeof StructureSchema>;
export type StructureDoc = Stored<typeof StructureSchema>;
