import { authOperations } from './auth.ts';
import { customerAuthOperations } from './customer-auth.ts';
import { gen1CommandOperations } from './gen1-commands.ts';
import { hubControlOperations } from './hub-control.ts';
import { rawChannelOperations } from './raw-channel.ts';
import { recentFailedOperations } from './recent-failed.ts';
import { recordingOperations } from './recordings.ts';
import { searchOperations } from './search.ts';
import { servicesOperations } from './services.ts';
import { statsOperations } from './stats/index.ts';
import { supervisorOperations } from './supervisor.ts';
import { surveyLinksOperations } from './survey-links.ts';
import { thingOperations } from './things.ts';
import { timelineOperations } from './timeline.ts';
import type { Operation } from './types.ts';
import { waterfallOperations } from './waterfall.ts';

export * from './auth.ts';
export * from './calls.ts';
export * from './customer-auth.ts';
export * from './gen1-commands.ts';
export * from './hub-control.ts';
export * from './raw-channel.ts';
export * from './recent-failed.ts';
export * from './recordings.ts';
export * from './search.ts';
export * from './services.ts';
export * from './stats/index.ts';
export * from './supervisor.ts';
export * from './survey-links.ts';
export * from './things.ts';
export * from './timeline.ts';
export * from './types.ts';
export * from './waterfall.ts';

/** The tables, each keeping its rows' literal types (ids, methods, schemas). */
const TABLES = [
  authOperations,
  thingOperations,
  customerAuthOperations,
  hubControlOperations,
  surveyLinksOperations,
  recentFailedOperations,
  recordingOperations,
  waterfallOperations,
  timelineOperations,
  gen1CommandOperations,
  rawChannelOperations,
  searchOperations,
  supervisorOperations,
  servicesOperations,
  statsOperations,
] as const;

/** Every API operation, once: the gateway's routes, the services' handlers, OpenAPI and the role tests. */
export const OPERATIONS: readonly Operation[] = TABLES.flat();

/** The same operations, each row with its literal id and schemas: what a typed client derives from (calls.ts). */
export type TypedOperation = (typeof TABLES)[number][number];

export function operationById(id: string): Operation {
  const found = OPERATIONS.find((o) => o.id === id);
  if (!found) throw new Error(`unknown operation ${id}`);
  return found;
}
