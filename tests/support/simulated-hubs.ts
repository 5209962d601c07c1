/**
 * What the browser tests of a world whose first hubs the simulator runs (FLEET=world, see
 * `worldFleetEnv`) look for among those hubs, without the database: the world is generated again
 * from its seed and size, as the simulator does.
 */
import { type GeneratedHub, hubsOf } from '@console/world';

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
