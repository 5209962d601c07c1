import { type Static, Type } from '@sinclair/typebox';
import { LinkId, Nullable, type Stored, Timestamp } from './common.ts';

/** A Link Plus hub (Gen2), as stored in `hubs`; its live connection is the simulator's and presence's. */
export const HubSchema = Type.Object({
  hubId: LinkId('Numeric hub id, also called linkId; shown in hex too'),
  rootGroupId: Nullable(Type.String({ description: 'Its structure; null for a no-root link' })),
  userId: Type.String({ description: 'The user who registered the hub' }),
  serial: Type.String(),
  errorState: Type.Boolean({ description: 'The hub refuses syncs until the error state is reset' }),
  errorSyncUpdateId: Nullable(
    Type.String({ description: 'The sync update that set the error state (syncupdates.errorSyncUpdateId)' }),
  ),
  lock: Type.Object({ locked: Type.Boolean(), since: Nullable(Timestamp()) }),
  firmwareVersion: Type.String({ description: 'e.g. 3.38.0' }),
  configNumber: Type.Integer({ minimum: 0 }),
  systemStorageNumber: Type.Integer({ minimum: 0, description: 'Not 0 flags "systemStorageNumber NOT 0"' }),
  factoryResets: Type.Integer({ minimum: 0 }),
  factoryConfig: Type.Integer({ minimum: 0 }),
  deviceMinId: Type.Integer({ minimum: 0, description: 'Lowest device number the hub hands out' }),
  homeKitPaired: Type.Boolean(),
  createdDate: Timestamp('Added date'),
  updatedDate: Timestamp(),
  stats: Type.Object({
    history: Type.Object(
      {
        average: Type.Number({ description: 'Seconds' }),
        count: Type.Integer({ minimum: 0 }),
        min: Type.Number({ description: 'Seconds' }),
        max: Type.Number({ description: 'Seconds' }),
      },
      { description: 'Connection durations' },
    ),
  }),
  firmwareInfo: Type.Array(Type.Object({ name: Type.String(), value: Type.String() })),
});
export type Hub = Static<typeof HubSchema>;
export type HubDoc = Stored<typeof HubSchema>;
