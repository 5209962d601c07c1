import { type Static, Type } from '@sinclair/typebox';
import { fields } from '../../world/common.ts';
import { serviceOp } from '../types.ts';
import { params, support } from './op-helpers.ts';

/** Device types are listed 10 to a page (seed 000 §2 /devicetypes, §7). */
export const DEVICE_TYPES_PAGE = 10;

const gen1Op = serviceOp('search', ['gen1']);
const Count = () => Type.Integer({ minimum: 0 });

export const DeviceTypeRowSchema = Type.Object({
  deviceTypeId: Type.Integer(),
  ...fields(Type.String, 'name', 'wlfCode'),
  ...fields(Type.Boolean, 'active', 'prod', 'heating'),
  values: Type.Integer({ minimum: 0, description: 'How many values the type has' }),
});
export type DeviceTypeRow = Static<typeof DeviceTypeRowSchema>;

export const DeviceTypePageSchema = Type.Object({
  ...fields(Count, 'page', 'pages', 'total'),
  types: Type.Array(DeviceTypeRowSchema),
});
export type DeviceTypePage = Static<typeof DeviceTypePageSchema>;

export const DeviceTypeValueRowSchema = Type.Object({
  deviceTypeValueId: Type.Integer(),
  ...fields(Type.String, 'value', 'wlfCode', 'description'),
});
export type DeviceTypeValueRow = Static<typeof DeviceTypeValueRowSchema>;

/** The Gen1 device types and their values (seed 000 §7 "Devices and things"), served by search. */
export const deviceTypeOperations = [
  gen1Op('search.deviceTypes', 'GET', '/api/support/devicetypes/10/:page', {
    access: support,
    summary: 'One page of the Gen1 device types (10 a page, from page 0), with how many values each has',
    params: params({ page: Type.String({ pattern: '^[0-9]{1,6}$', description: 'Page number, from 0' }) }),
    response: DeviceTypePageSchema,
  }),
  gen1Op('search.deviceTypeValues', 'GET', '/api/support/devicetypevalues/:id', {
    access: support,
    summary: 'The values of one Gen1 device type (404 when there is no such type)',
    // At most 9 digits: the ids are Postgres integers (a longer one could only fail the lookup).
    params: params({ id: Type.String({ pattern: '^[0-9]{1,9}$', description: 'Device type id' }) }),
    response: Type.Array(DeviceTypeValueRowSchema),
  }),
] as const;
