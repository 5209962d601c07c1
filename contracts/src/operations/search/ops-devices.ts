import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject } from '../../world/common.ts';
import { op } from '../types.ts';

/**
 * /devices needs no login (seed 000 §2), so these answers hold the Gen1 catalogue only: the device
 * types and the commands (device type values) a WiFi link understands. Never a customer's devices,
 * serials, WFLs or anything else of an account.
 */
const CatalogueType = {
  deviceTypeId: Type.Integer({ minimum: 0 }),
  name: Type.String(),
  wlfCode: Type.String({ description: 'The code a WiFi link uses for the type' }),
  heating: Type.Boolean({ description: 'A heating device type' }),
  active: Type.Boolean(),
};

export const DeviceListRowSchema = Type.Object({
  ...CatalogueType,
  commandCount: Type.Integer({ minimum: 0, description: 'How many commands the type has' }),
});
export type DeviceListRow = Static<typeof DeviceListRowSchema>;

export const DeviceCommandSchema = Type.Object({
  deviceTypeValueId: Type.Integer({ minimum: 0 }),
  value: Type.String({ description: 'The command as the catalogue names it, e.g. On, Dim 50%' }),
  wlfCode: Type.String({ description: 'The code the WiFi link is sent for the command' }),
  description: Type.String(),
});
export type DeviceCommand = Static<typeof DeviceCommandSchema>;

export const DeviceWithCommandsSchema = Type.Object({
  ...CatalogueType,
  commands: Type.Array(DeviceCommandSchema),
});
export type DeviceWithCommands = Static<typeof DeviceWithCommandsSchema>;

export const DevicesQuerySchema = ClosedObject({
  // Digits only, at most 9: the ids are Postgres integers, and a number type would let the
  // converters read "1.5" or "1e3" as some other id.
  type: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,9}$',
      description: 'Only this device type (its id, digits); 404 when there is no such type',
    }),
  ),
});

/** The public device list (seed 000 §2 /devices, §7 "Devices and things"), served by search. */
export const deviceOperations = [
  op({
    id: 'search.devicesList',
    service: 'search',
    method: 'GET',
    path: '/api/devices/list',
    access: 'public',
    summary: 'The Gen1 device types (name, WLF code, heating, active) with how many commands each has',
    tags: ['devices'],
    querystring: ClosedObject({}),
    response: Type.Array(DeviceListRowSchema),
  }),
  op({
    id: 'search.devices',
    service: 'search',
    method: 'GET',
    path: '/api/devices',
    access: 'public',
    summary: 'The Gen1 device types with their commands (WLF code, description); ?type= for one type',
    tags: ['devices'],
    querystring: DevicesQuerySchema,
    response: Type.Array(DeviceWithCommandsSchema),
  }),
] as const;
