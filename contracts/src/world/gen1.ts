import { type Static, Type } from '@sinclair/typebox';
import { fields, literalUnion, Nullable } from './common.ts';

/**
 * Gen1 (Connect) rows from the legacy relational data (seed 000 §3), named as the specification
 * names the columns. `created`/`updated`/`pingtime` are epoch seconds, as the legacy data keeps them
 * (shown d/M/yy); log-like rows carry timestamps. Flags are 0/1 as the legacy screens show them.
 */
export const Id = (description?: string) =>
  Type.Integer({ minimum: 1, ...(description ? { description } : {}) });
export const Flag = (description?: string) =>
  Type.Union([Type.Literal(0), Type.Literal(1)], description ? { description } : {});
const EpochSeconds = (description?: string) =>
  Type.Integer({ minimum: 0, description: description ?? 'Epoch seconds' });

/** Device type codes (seed 000 §3). */
export const GEN1_DEVICE_TYPES = { error: 0, switch: 1, dimmer: 2, heating: 9, energy: 13 } as const;

export const Gen1UserSchema = Type.Object({
  user_id: Id(),
  ...fields(Type.String, 'email', 'username', 'name'),
  role: Nullable(Type.String({ description: 'Customer role: commercial, api_user, or none' })),
  active: Flag(),
  created: EpochSeconds(),
  updated: EpochSeconds(),
  plist_import: Flag('1 when the account came from an app plist import'),
});
export type Gen1User = Static<typeof Gen1UserSchema>;

export const WflSchema = Type.Object({
  ...fields(Id, 'wfl_id', 'user_id'),
  mac: Type.String({ description: '74:0A:BC:12:34:56 form; the vendor prefix is hidden in display' }),
  ...fields(Type.String, 'name', 'serial'),
  firmware: Nullable(
    Type.String({ description: 'Link firmware, e.g. V2.9 (the firmware search criterion)' }),
  ),
  active: Flag(),
  created: EpochSeconds(),
  updated: EpochSeconds(),
  heating: Flag('1 when the link drives heating'),
  pingtime: Nullable(EpochSeconds('Last ping; online when under 60 s old')),
});
export type Wfl = Static<typeof WflSchema>;

/**
 * Where a WFL is (the world map's marker, seed 002 §3 "Map marker: mac, added date"). Some rows
 * carry bad coordinates (missing, 0/0 or out of range), as real installs report them.
 */
export const WflLocationSchema = Type.Object({
  wfl_id: Id(),
  mac: Type.String(),
  lat: Nullable(Type.Number({ description: 'Latitude; null, 0 or outside -90..90 when bad' })),
  long: Nullable(Type.Number({ description: 'Longitude; null, 0 or outside -180..180 when bad' })),
  energy: Flag('1 when the link carries an energy device (device type 13)'),
  created: EpochSeconds('When the link was added'),
});
export type WflLocation = Static<typeof WflLocationSchema>;

export const Gen1DeviceSchema = Type.Object({
  device_id: Id(),
  device_type_id: Type.Integer({
    minimum: 0,
    description: '0 error/no type, 1 switch, 2 dimmer, 9 heating, 13 energy',
  }),
  ...fields(Type.String, 'name', 'serial'),
  wfl_id: Type.Integer({ description: 'Legacy data may name a WFL that no longer exists (reported)' }),
  room_id: Nullable(Type.Integer()),
  active: Flag(),
});
export type Gen1Device = Static<typeof Gen1DeviceSchema>;

export const DeviceTypeSchema = Type.Object({
  device_type_id: Type.Integer({ minimum: 0 }),
  name: Type.String(),
  active: Flag(),
  wlf_code: Type.String({ description: 'Code the WiFi link uses for the type' }),
  prod: Flag('In production'),
  is_heating: Flag(),
});
export type DeviceType = Static<typeof DeviceTypeSchema>;

export const DeviceTypeValueSchema = Type.Object({
  device_type_value_id: Id(),
  device_type_id: Type.Integer({ minimum: 0 }),
  ...fields(Type.String, 'value', 'wlf_code', 'description'),
});
export type DeviceTypeValue = Static<typeof DeviceTypeValueSchema>;

export const RoomSchema = Type.Object({
  ...fields(Id, 'room_id', 'wfl_id'),
  name: Type.String(),
  room_number: Type.Integer(),
});
export type Room = Static<typeof RoomSchema>;

export const MoodSchema = Type.Object({
  ...fields(Id, 'mood_id', 'room_id'),
  name: Type.String(),
  ...fields(Type.Integer, 'mood_number', 'rank'),
});
export type Mood = Static<typeof MoodSchema>;

export const ZoneSchema = Type.Object({ zone_id: Id(), wfl_id: Id(), name: Type.String() });
export type Zone = Static<typeof ZoneSchema>;

export const TimerEventSchema = Type.Object({
  ...fields(Id, 'timer_id', 'wfl_id'),
  mac: Type.String({ description: 'The data monitor keys timers and events by MAC' }),
  kind: literalUnion(['timer', 'event']),
  name: Type.String(),
  start: Type.String({ description: 'Command string run at the start' }),
  end: Nullable(Type.String({ description: 'Command string run at the end' })),
  device_value: Type.String(),
  start_time_type: Type.String({ description: 'time, sunrise or sunset' }),
  minutes_before_after: Type.Integer(),
  start_time: Type.String({ description: 'HH:mm' }),
  start_date: Type.String({ description: 'yyyy-mm-dd' }),
  end_date: Nullable(Type.String({ description: 'yyyy-mm-dd' })),
  rank: Type.Integer(),
});
export type TimerEvent = Static<typeof TimerEventSchema>;

export const HeatingPlanSchema = Type.Object({
  id: Id(),
  device_id: Type.Integer({ description: 'May name a missing device (reported)' }),
  wfl_id: Type.Integer({ description: 'May name a missing WFL (reported)' }),
});
export type HeatingPlan = Static<typeof HeatingPlanSchema>;
