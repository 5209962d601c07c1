import { connectedDbOperations } from './search/ops-connected-db.ts';
import { dataMonitorOperations } from './search/ops-data-monitor.ts';
import { deviceTypeOperations } from './search/ops-device-types.ts';
import { deviceOperations } from './search/ops-devices.ts';
import { gen1SearchOperations } from './search/ops-gen1.ts';
import { gen2Operations } from './search/ops-gen2.ts';
import { editOperations, noteOperations } from './search/ops-notes.ts';
import { socketLogOperations } from './search/ops-socket-log.ts';
import { statusOperations } from './search/ops-status.ts';
import { tabOperations } from './search/ops-tabs.ts';
import { wflPanelOperations } from './search/ops-wfl-panels.ts';
import { worldMapOperations } from './search/ops-world-map.ts';

export * from './search/data-monitor.ts';
export * from './search/edits.ts';
export * from './search/gen1.ts';
export * from './search/gen2-search.ts';
export * from './search/notes.ts';
export * from './search/ops-connected-db.ts';
export * from './search/ops-device-types.ts';
export * from './search/ops-devices.ts';
export * from './search/ops-socket-log.ts';
export * from './search/overview.ts';
export * from './search/rules.ts';
export * from './search/status.ts';
export * from './search/structure.ts';
export * from './search/tabs.ts';
export * from './search/wfl-panels.ts';
export * from './search/world-map.ts';

/** Every operation the search service serves. */
export const searchOperations = [
  ...gen1SearchOperations,
  ...gen2Operations,
  ...noteOperations,
  ...editOperations,
  ...dataMonitorOperations,
  ...tabOperations,
  ...worldMapOperations,
  ...connectedDbOperations,
  ...deviceTypeOperations,
  ...deviceOperations,
  ...socketLogOperations,
  ...statusOperations,
  ...wflPanelOperations,
] as const;
