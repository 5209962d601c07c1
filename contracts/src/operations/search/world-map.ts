import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, Nullable } from '../../world/common.ts';

/** One WiFi link on the world map (seed 002 §3 "Map marker: mac, added date"). */
export const MapMarkerSchema = Type.Object({
  id: Type.Integer({ description: 'The WFL id; also the cursor (fromid) of the next batch' }),
  mac: Type.String(),
  lat: Type.Union([Type.Number(), Type.Null()], { description: 'Null, 0 or off the globe when bad' }),
  long: Nullable(Type.Number()),
  energy: Type.Boolean({ description: 'The link carries an energy device' }),
  time: Type.String({ format: 'date-time', description: 'When the link was added' }),
});
export type MapMarker = Static<typeof MapMarkerSchema>;

export const MapBatchQuerySchema = ClosedObject({
  from: Type.Optional(Type.String({ maxLength: 40, description: 'Added at or after (ISO date-time)' })),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'Added before (ISO date-time)' })),
  fromid: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,15}$', description: 'Only links with a larger id (the cursor)' }),
  ),
  limit: Type.Optional(
    Type.String({ pattern: '^[0-9]{1,4}$', description: 'Batch size, 1 to 1500 (1500 by default)' }),
  ),
  all: Type.Optional(Type.Literal('true', { description: 'Every link, whatever the dates' })),
});
export type MapBatchQuery = Static<typeof MapBatchQuerySchema>;

export const MapBatchSchema = Type.Object({
  rows: Type.Array(MapMarkerSchema),
  done: Type.Boolean({ description: 'No rows after this batch' }),
});
export type MapBatch = Static<typeof MapBatchSchema>;
