import { type Static, Type } from '@sinclair/typebox';
import { LinkId, type Stored, Timestamp } from './common.ts';

/** A device's reported status at a moment, `devicestatus` (the D-Status tab). */
export const DeviceStatusRecordSchema = Type.Object({
  rootGroupId: Type.String(),
  timestamp: Timestamp(),
  deviceId: Type.String(),
  linkId: LinkId(),
  productCode: Type.String(),
  featureSets: Type.Array(Type.String(), { description: 'Group ids of the feature sets of the device' }),
  status: Type.String({ description: 'connected, disconnected or unknown' }),
});
export type DeviceStatusRecord = Static<typeof DeviceStatusRecordSchema>;
export type DeviceStatusRecordDoc = Stored<typeof DeviceStatusRecordSchema>;
