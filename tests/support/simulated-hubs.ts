/**
 * What the browser tests of a world whose first hubs the simulator runs (FLEET=world, see
 * `worldFleetEnv`) look for among those hubs, without the database: the world is generated again
 * from its seed and size, as the simulator does.
 */
import { type GeneratedHub, hubsOf } from '@console/world';
import { startWorldStack, type WorldStack, worldFleetEnv } from './world-stack.ts';

/** A generated world the simulator runs the first `hubs` hubs of. */
export interface SimulatedWorld {
  seed: number;
  customers: number;
  hubs: number;
}

/** The first answer `pick` gives among the simulated hubs; `what` names it when none has one. */
export function firstSimulated<T>(
  world: SimulatedWorld,
  what: string,
  pick: (generated: GeneratedHub) => T | undefined,
): T {
  let n = 0;
  for (const generated of hubsOf({ seed: world.seed, customers: world.customers })) {
    if (n++ >= world.hubs) break;
    const found = pick(generated);
    if (found !== undefined) return found;
  }
  throw new Error(`no simulated hub with ${what} in this world`);
}

/** The first simulated hub whose structure has a device with a feature: that hub, device and feature. */
export function hubWithFeature(world: SimulatedWorld) {
  return firstSimulated(world, 'a feature', ({ hub, structure, products }) => {
    if (!hub.rootGroupId) return undefined;
    for (const product of products) {
      const feature = Object.values(structure?.features ?? {}).find((x) => x.deviceId === product.deviceId);
      if (feature) return { hub, product, feature, structure };
    }
    return undefined;
  });
}

/**
 * A generated world whose first hubs the simulator runs (worldFleetEnv, presence every second)
 * under the support services: auth, search (its index built first), simulator, hub-control and
 * gateway. `env` adds or overrides settings (e.g. the simulator's restart time).
 */
export function startSimulatedWorld(
  name: string,
  world: SimulatedWorld,
  env: Record<string, string> = {},
): Promise<WorldStack> {
  return startWorldStack(name, world.seed, world.customers, {
    index: 'always',
    services: ['auth', 'search', 'simulator', 'hub-control', 'gateway'],
    env: { ...worldFleetEnv(world.seed, world.customers, world.hubs), SIM_PRESENCE_REFRESH_S: '1', ...env },
    poolSize: 2,
  });
}
