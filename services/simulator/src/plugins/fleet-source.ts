import type { SimFleet } from '@console/contracts';
import { syntheticFleet } from './synthetic-fleet.ts';
import { worldFleet } from './world-fleet.ts';

export interface FleetOptions {
  hubs: number;
  wfls: number;
  hosts: number;
  seed: number;
  /** Size of the generated world (the `world` source). */
  customers?: number;
}

/**
 * Where the simulator's fleet comes from. The world generator plugs in here as one more entry
 * (`world: (o) => worldFleet(o)`) and one more literal in `FLEET` (config.ts).
 */
export type FleetSource = (options: FleetOptions) => SimFleet | Promise<SimFleet>;

export const FLEET_SOURCES = {
  synthetic: syntheticFleet,
  world: worldFleet,
} satisfies Record<string, FleetSource>;

export type FleetSourceName = keyof typeof FLEET_SOURCES;

export { syntheticFleet };
