import { type Static, Type } from '@sinclair/typebox';
import { fields, Nullable, type Stored, Timestamp } from './common.ts';
import { Flag, Id } from './gen1.ts';

/**
 * What the per-WFL panels of the support detail read beyond the account's rows (seed 000 §2
 * "Per-WFL panels"): the imported plist, the public-API command log, the Alexa discovery, and what
 * a Gen1 link reports of its triggers and log.
 */
export const WflPlistSchema = Type.Object({
  wfl_id: Id(),
  imported: Type.Integer({ minimum: 0, description: 'When the app plist was imported (epoch seconds)' }),
  plist: Type.String({ description: 'The imported plist as one JSON object of key → string value' }),
});
export type WflPlist = Static<typeof WflPlistSchema>;

export const ApiCommandLogSchema = Type.Object({
  id: Id(),
  wfl_id: Id(),
  mac: Type.String(),
  action: Type.String({ description: 'The public-API call: device/set, mood/start, feature/read…' }),
  time: Timestamp(),
  type: Type.String({ description: 'Device type of the target (switch, dimmer, heating, mood…)' }),
  device_id: Nullable(Type.Integer({ description: 'The device the command was for, if any' })),
  command_value: Type.String(),
  command_description: Type.String(),
  error: Nullable(Type.String({ description: 'Why the command failed; null when it went through' })),
  raw: Type.String({ description: 'The whole log entry as the API wrote it (JSON)' }),
});
export type ApiCommandLog = Static<typeof ApiCommandLogSchema>;
export type ApiCommandLogRow = Stored<typeof ApiCommandLogSchema>;

export const Gen1AlexaDiscoveredSchema = Type.Object({
  user_id: Id(),
  updated: Timestamp('When Alexa last ran a discovery for the account'),
  auth_user_id: Type.String({ description: 'The Amazon auth user id linked to the account' }),
  devices: Type.String({ description: 'The discovered devices (JSON array of name, endpointId, type)' }),
  error: Nullable(Type.String({ description: 'The error of the last discovery (shown in red)' })),
});
export type Gen1AlexaDiscovered = Static<typeof Gen1AlexaDiscoveredSchema>;
export type Gen1AlexaDiscoveredRow = Stored<typeof Gen1AlexaDiscoveredSchema>;

export const WflTriggerSchema = Type.Object({
  ...fields(Id, 'id', 'wfl_id'),
  name: Type.String(),
  kind: Type.String({ description: 'What fires it: time, sensor, device or energy' }),
  condition: Type.String({ description: 'The condition as the link reports it' }),
  action: Type.String({ description: 'The command string it runs' }),
  active: Flag(),
  created: Type.Integer({ minimum: 0, description: 'Epoch seconds' }),
});
export type WflTrigger = Static<typeof WflTriggerSchema>;

export const WflLogSchema = Type.Object({
  ...fields(Id, 'id', 'wfl_id'),
  time: Timestamp(),
  level: Type.String({ description: 'info, warn or error' }),
  text: Type.String(),
});
export type WflLog = Static<typeof WflLogSchema>;
export type WflLogRow = Stored<typeof WflLogSchema>;
