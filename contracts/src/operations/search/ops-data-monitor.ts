import { type TProperties, Type } from '@sinclair/typebox';
import type { Role } from '../../roles.ts';
import { ClosedObject, Nullable } from '../../world/common.ts';
import { LatestEnergySchema, LatestTemperatureSchema } from '../../world/gen1-readings.ts';
import { op } from '../types.ts';
import {
  ENERGY_ORDERS,
  EnergyPageSchema,
  GetEnergyBodySchema,
  TimerEventCountsSchema,
} from './data-monitor.ts';

/** The data monitor is the data users' screen (menu "DM Energy"). */
export const dataUsers: readonly Role[] = ['datauser'];
/** The latest readings also feed the support detail's Temp and Energy panels. */
const readers: readonly Role[] = ['datauser', 'support', 'dev'];

const Page = Type.String({ pattern: '^[0-9]{1,6}$', description: 'Page number, from 0' });
const Order = Type.Union(
  ENERGY_ORDERS.map((o) => Type.Literal(o)),
  { description: 'By time: asc (default) or desc' },
);
const Count = Type.String({
  pattern: '^[0-9]{1,3}$',
  description: 'Rows per page, 1 to 500 (30 by default)',
});
const Serial = Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$', description: 'Device serial' });
const Mac8 = Type.String({
  pattern: '^[0-9A-Fa-f]{8}$',
  description: 'The last 8 hex digits of the WFL MAC, without separators',
});
const latestParams = ClosedObject({ serial: Serial, mac8: Mac8 });

/** One of the three spellings of getEnergy ({page}[/{order}[/{count}]]), typed by its own id. */
const energy = <const Id extends string, const P extends TProperties>(id: Id, suffix: string, p: P) =>
  op({
    id,
    service: 'search',
    method: 'PUT',
    path: `/api/supportdm/getEnergy/:page${suffix}`,
    access: dataUsers,
    summary:
      "Energy readings of serials over a date range, one per interval, paged; negative day-use differences are rejected and listed as '_use_diff < 0' (at most 100)",
    tags: ['data monitor'],
    params: ClosedObject(p),
    body: GetEnergyBodySchema,
    response: EnergyPageSchema,
  });

/** The data monitor's calls (seed 000 §7 "Data monitor"), served by search from the Gen1 readings. */
export const dataMonitorOperations = [
  energy('search.getEnergy', '', { page: Page }),
  energy('search.getEnergyOrder', '/:order', { page: Page, order: Order }),
  energy('search.getEnergyCount', '/:order/:count', { page: Page, order: Order, count: Count }),
  op({
    id: 'search.getLatestEnergy',
    service: 'search',
    method: 'GET',
    path: '/api/supportdm/getLatestEnergy/:serial/:mac8',
    access: readers,
    summary: 'The latest energy reading of a serial on a WFL (null when there is none)',
    tags: ['data monitor'],
    params: latestParams,
    response: Nullable(LatestEnergySchema),
  }),
  op({
    id: 'search.getLatestTemps',
    service: 'search',
    method: 'GET',
    path: '/api/supportdm/getLatestTemps/:serial/:mac8',
    access: readers,
    summary: 'The latest temperature reading of a serial on a WFL (null when there is none)',
    tags: ['data monitor'],
    params: latestParams,
    response: Nullable(LatestTemperatureSchema),
  }),
  op({
    id: 'search.getTimerEvents',
    service: 'search',
    method: 'GET',
    path: '/api/supportdm/getTimerEvents/:mac',
    access: readers,
    summary: 'How many timers and events the data monitor holds for a WFL MAC (the status panel counts)',
    tags: ['data monitor'],
    params: ClosedObject({
      mac: Type.String({
        minLength: 6,
        maxLength: 40,
        description: 'A full MAC, or the 6 hex digits shown',
      }),
    }),
    response: TimerEventCountsSchema,
  }),
] as const;
