import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { fields, Nullable, type Stored, Timestamp } from './common.ts';
import { Id } from './gen1.ts';

/** Gen1 command queue, pings and readings (seed 000 §3): the log-like rows, with timestamps. */
/**
 * The command-queue columns (seed 000 §3) in either form: stored (`Timestamp`, ids from 1) or on
 * the wire (`DateTimeString`), with each form's own latency and ack-date wording.
 */
export const queuedCommandFields = <T extends TSchema, I extends TSchema, L extends TSchema>(
  time: (description?: string) => T,
  id: () => I,
  latency: L,
  ackDescription?: string,
) => ({
  ...fields(id, 'id', 'wfl_id'),
  mac: Type.String({ description: 'The WifiLink column' }),
  email: Type.String({ description: 'Who requested the command' }),
  request_date: time(),
  command: Type.String(),
  reply: Type.Boolean({ description: 'A reply came back' }),
  reply_date: Nullable(time()),
  reply_string: Nullable(Type.String()),
  latency: Nullable(latency),
  ack_date: Nullable(time(ackDescription)),
});

export const QueuedCommandSchema = Type.Object(
  queuedCommandFields(
    Timestamp,
    () => Id(),
    Type.Integer({ minimum: 0, description: 'Milliseconds; slow at 3 s or more' }),
    'Null while not executed',
  ),
);
export type QueuedCommand = Static<typeof QueuedCommandSchema>;
export type QueuedCommandRow = Stored<typeof QueuedCommandSchema>;

export const PingSchema = Type.Object({
  id: Id(),
  mac: Type.String(),
  date: Timestamp(),
  ...fields(Type.String, 'data', 'reply'),
  node: Type.String({ description: 'The server node that took the ping' }),
});
export type Ping = Static<typeof PingSchema>;
export type PingRow = Stored<typeof PingSchema>;

export const LatestTemperatureSchema = Type.Object({
  ...fields(Type.String, 'mac', 'serial'),
  time: Timestamp(),
  ...fields(Type.Number, 'current_temp', 'current_target'),
});
export type LatestTemperature = Static<typeof LatestTemperatureSchema>;
export type LatestTemperatureRow = Stored<typeof LatestTemperatureSchema>;

export const LatestEnergySchema = Type.Object({
  ...fields(Type.String, 'mac', 'serial'),
  time: Timestamp(),
  current_use: Type.Number({ description: 'Watts' }),
  total_day_use: Type.Number({ description: 'Watt hours today' }),
});
export type LatestEnergy = Static<typeof LatestEnergySchema>;
export type LatestEnergyRow = Stored<typeof LatestEnergySchema>;

export const EnergyReadingSchema = Type.Object({
  id: Id(),
  ...fields(Type.String, 'mac', 'serial'),
  time: Timestamp(),
  ...fields(Type.Number, 'current_use', 'total_day_use'),
  created_at: Timestamp(),
});
export type EnergyReading = Static<typeof EnergyReadingSchema>;
export type EnergyReadingRow = Stored<typeof EnergyReadingSchema>;
