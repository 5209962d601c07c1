import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  ApiCommandLogSchema,
  DeviceTypeSchema,
  DeviceTypeValueSchema,
  EnergyReadingSchema,
  Gen1AlexaDiscoveredSchema,
  Gen1DeviceSchema,
  Gen1UserSchema,
  HeatingPlanSchema,
  LatestEnergySchema,
  LatestTemperatureSchema,
  MoodSchema,
  PingSchema,
  QueuedCommandSchema,
  RoomSchema,
  TimerEventSchema,
  WflLocationSchema,
  WflLogSchema,
  WflPlistSchema,
  WflSchema,
  WflTriggerSchema,
  ZoneSchema,
} from '@console/contracts';
import type { TObject } from '@sinclair/typebox';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Gen1Table } from '../gen1/types.ts';

export type CopyTable = Gen1Table | 'device_types' | 'device_type_values';

/** Each table's row schema (the contract): its properties are the columns, in the order copied. */
const SCHEMAS: Record<CopyTable, TObject> = {
  device_types: DeviceTypeSchema,
  device_type_values: DeviceTypeValueSchema,
  users: Gen1UserSchema,
  wfls: WflSchema,
  wfl_locations: WflLocationSchema,
  rooms: RoomSchema,
  devices: Gen1DeviceSchema,
  moods: MoodSchema,
  zones: ZoneSchema,
  timers: TimerEventSchema,
  heating_plans: HeatingPlanSchema,
  command_queue: QueuedCommandSchema,
  pings: PingSchema,
  latest_temperature: LatestTemperatureSchema,
  latest_energy: LatestEnergySchema,
  energy_readings: EnergyReadingSchema,
  wfl_plists: WflPlistSchema,
  api_command_log: ApiCommandLogSchema,
  alexa_discovered: Gen1AlexaDiscoveredSchema,
  wfl_triggers: WflTriggerSchema,
  wfl_logs: WflLogSchema,
};

export const columnsOf = (table: CopyTable) => Object.keys(SCHEMAS[table].properties);

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One value in COPY's text format. */
export function copyField(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return String(v);
  const s = String(v);
  return SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] as string) : s;
}

/** Rows as COPY text, in chunks of about 64 KiB. */
export function* copyText(columns: readonly string[], rows: readonly object[]): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    const r = row as Record<string, unknown>;
    let line = '';
    for (let i = 0; i < columns.length; i++) {
      if (i > 0) line += '\t';
      line += copyField(r[columns[i] as string]);
    }
    chunk += `${line}\n`;
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** COPY `rows` into `table` on `client` (inside the caller's transaction, if any). */
export async function copyRows(
  client: pg.PoolClient,
  table: CopyTable,
  rows: readonly object[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(table);
  const sql = `copy ${table} (${columns.map((c) => `"${c}"`).join(', ')}) from stdin`;
  await pipeline(Readable.from(copyText(columns, rows)), client.query(copyFrom(sql)));
}
