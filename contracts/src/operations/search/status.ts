import { type Static, Type } from '@sinclair/typebox';
import { DateTimeString, fields, Nullable } from '../../world/common.ts';
import { Gen1InconsistencySchema } from './gen1.ts';

/** The status panel's LWRF Links boxes (seed 000 "Status and notes panel"): their bounds. */
export const WFL_LINK_LIMITS = {
  /** Timed-out commands are shown for at most this many days (the newest days that have any). */
  timeoutDays: 7,
  /** …and at most this many rows across those days. */
  timeoutRows: 200,
} as const;

/** The metadata errors of one account (getMetaData), computed on the server. */
export const Gen1MetaDataSchema = Type.Object({
  userId: Type.Integer(),
  errors: Type.Array(Gen1InconsistencySchema, {
    description:
      'Heating plans whose WFL or device does not exist, devices whose WFL does not exist, devices in a room of another WFL; empty when none',
  }),
});
export type Gen1MetaData = Static<typeof Gen1MetaDataSchema>;

/** Whether a Gen1 customer's e-mail also has a Link Plus (Gen2) account. */
export const LinkPlusStatusSchema = Type.Object({
  email: Type.String(),
  linkPlus: Type.Boolean({ description: 'A Gen2 user exists with this e-mail (lower-cased)' }),
  gen2UserId: Nullable(Type.String({ description: 'That Gen2 user id, when there is one' })),
});
export type LinkPlusStatus = Static<typeof LinkPlusStatusSchema>;

export const WflLinkDeviceSchema = Type.Object({
  device_id: Type.Integer(),
  ...fields(Type.String, 'name', 'serial'),
  device_type_id: Type.Integer(),
  lastUpdated: Nullable(
    DateTimeString('Time of its latest_energy / latest_temperature row; null when it has none'),
  ),
});
export type WflLinkDevice = Static<typeof WflLinkDeviceSchema>;

export const TimedOutCommandSchema = Type.Object({
  id: Type.Integer(),
  time: DateTimeString('When it was requested'),
  command: Type.String(),
  email: Type.String({ description: 'Who requested it' }),
});
export type TimedOutCommand = Static<typeof TimedOutCommandSchema>;

/** One WFL box of 'LWRF Links': its last command, devices by group and timed-out commands by day. */
export const WflLinkSchema = Type.Object({
  wfl_id: Type.Integer(),
  mac: Type.String(),
  lastCommandAt: Nullable(DateTimeString('The newest command_queue request for the MAC; null when none')),
  devices: Type.Object({
    energy: Type.Array(WflLinkDeviceSchema, { description: 'Device type 13' }),
    heating: Type.Array(WflLinkDeviceSchema, { description: 'Device types 9 to 12' }),
    other: Type.Array(WflLinkDeviceSchema),
  }),
  timeouts: Type.Array(
    Type.Object({
      day: Type.String({ description: 'YYYY-MM-DD (UTC)' }),
      commands: Type.Array(TimedOutCommandSchema, { description: 'Newest first' }),
    }),
    {
      description: `Commands without a reply, newest day first: at most ${WFL_LINK_LIMITS.timeoutDays} days and ${WFL_LINK_LIMITS.timeoutRows} rows`,
    },
  ),
});
export type WflLink = Static<typeof WflLinkSchema>;
