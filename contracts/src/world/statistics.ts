import { type Static, Type } from '@sinclair/typebox';
import { literalUnion, type Stored, Timestamp } from './common.ts';

export const CLIENT_PLATFORMS = ['android', 'ios', 'web'] as const;

/** An app install (or browser, or wall panel) a Gen2 user signs in from, `client-devices`. */
export const ClientDeviceSchema = Type.Object({
  userId: Type.String(),
  clientDeviceId: Type.String({ description: 'The clientDeviceId its messages carry' }),
  platform: literalUnion(CLIENT_PLATFORMS),
  appVersion: Type.String({ description: 'e.g. 4.5.2' }),
  deviceType: Type.String({ description: 'Client device type, e.g. iPhone, Pixel, PLW2 (wall panel)' }),
  createdDate: Timestamp('First seen'),
  lastSeenDate: Timestamp(),
});
export type ClientDevice = Static<typeof ClientDeviceSchema>;
export type ClientDeviceDoc = Stored<typeof ClientDeviceSchema>;

/** One day of the platform, `statistics` (Support Plus spec §3: statistics day record). */
export const StatisticsDaySchema = Type.Object({
  date: Timestamp('Start of the day (UTC)'),
  users: Type.Object({ total: Type.Integer({ description: 'Gen2 users at the end of the day' }) }),
  devices: Type.Record(Type.String(), Type.Integer(), {
    description: 'Devices per product code at the end of the day (devices.L2: Link Plus hubs)',
  }),
  structures: Type.Object({
    devices: Type.Record(
      Type.String(),
      Type.Object({
        new: Type.Integer({ description: 'Structures that got their first device of this code that day' }),
        total: Type.Integer({ description: 'Structures holding this code at the end of the day' }),
      }),
    ),
  }),
  statistics: Type.Object({
    socketLogs: Type.Integer({ description: 'Hub messages stored that day' }),
    gen1_commands: Type.Integer({ description: 'Gen1 command-queue rows that day' }),
    commands: Type.Integer({ description: 'Gen2 transactions that day' }),
    average_statistics: Type.Number({ description: 'Average transaction latency that day, ms' }),
  }),
  online: Type.Integer({ description: 'Link Plus hubs seen that day' }),
});
export type StatisticsDay = Static<typeof StatisticsDaySchema>;
export type StatisticsDayDoc = Stored<typeof StatisticsDaySchema>;
