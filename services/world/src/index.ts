export {
  type StoreAnnouncement,
  type StoreAnnouncer,
  storeAnnouncements,
  storeAnnouncer,
} from './announce.ts';
export { shiftCustomer, worldNow } from './clock.ts';
export type { Customer, CustomerKind, GenerateOptions } from './customer.ts';
export { generateCustomer } from './customer.ts';
export { type DemoWorldOptions, type DemoWorldResult, loadDemoWorld } from './demo.ts';
export { type EnergyMonthOptions, writeEnergyMonth } from './gen1/energy-month.ts';
export type { Gen1Rows, Gen1Table } from './gen1/types.ts';
export { GEN1_TABLES } from './gen1/types.ts';
export type { Gen2Docs, Gen2Key } from './gen2/types.ts';
export { emptyGen2, GEN2_KEYS } from './gen2/types.ts';
export {
  GROWTH_KINDS,
  type GrowOptions,
  type GrowResult,
  type GrowthKind,
  type GrowthRates,
  GrowthTakenError,
  growthTick,
  growWorld,
} from './growth.ts';
export { type LoadOptions, type LoadProgress, type LoadResult, loadWorld } from './load.ts';
export { readMeta, type WorldMeta, WorldStateError } from './meta.ts';
export { ensureIndexes, MONGO_INDEXES } from './mongo/indexes.ts';
export { type DocsOf, docId, insertDocs } from './mongo/insert.ts';
export { copyRows } from './postgres/copy.ts';
export { migrateWorld } from './postgres/migrate.ts';
export { duration, progressLine, throttledProgress } from './progress.ts';
export { resetWorld } from './reset.ts';
export { DailyTally, STATISTICS_DAYS, writeDailyStatistics } from './statistics.ts';
export { summarize, type WorldSummary } from './summary.ts';
export { WORLD_NOW, WORLD_START } from './time.ts';
export {
  customers,
  type GeneratedHub,
  hubsOf,
  type WorldGlobals,
  type WorldSpec,
  wflsOf,
  worldGlobals,
} from './world.ts';
