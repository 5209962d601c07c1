import * as ids from '../ids.ts';
import { person as makePerson, type Person } from '../names.ts';
import type { Rng } from '../rng.ts';
import { between, WORLD_NOW } from '../time.ts';
import { makeHub, pickHubId } from './hub.ts';
import { type BuiltHome, buildHome } from './structure.ts';
import type { Gen2Docs } from './types.ts';
import { makeUser } from './users.ts';

export interface Gen2Input {
  seed: number;
  index: number;
  rng: Rng;
  person: Person;
  created: Date;
  /** The customer also has a Gen1 account: their first structure may hold migrated devices. */
  hasGen1: boolean;
  flags: Set<string>;
}

/**
 * A Gen2 customer: the owner, their structures (sometimes shared with household members), hubs
 * and products; or, for a no-root user, a hub registered to no structure. Returns the built homes
 * for the history generator.
 */
export function generateGen2(input: Gen2Input, docs: Gen2Docs): BuiltHome[] {
  const { rng, seed, index, created, flags } = input;
  const ownerId = ids.objectIdHex(seed, created, index, ids.ID_KIND.user, 0, rng);
  const noRoot = rng.chance(0.04);
  const structures = noRoot ? 0 : rng.chance(0.1) ? 2 : 1;
  const shared = structures > 0 && rng.chance(0.08);
  const members = shared
    ? Array.from({ length: rng.int(1, 2) }, (_, m) => ({
        userId: ids.objectIdHex(seed, created, index, ids.ID_KIND.member, m, rng),
        person: makePerson(rng, index, `.${m + 1}`),
        created: between(rng, created.getTime(), WORLD_NOW),
      }))
    : [];
  const licence = rng.chance(0.2)
    ? `V5-${ids.objectIdHex(seed, created, index, ids.ID_KIND.licence, 0, rng)}`
    : null;
  const homes: BuiltHome[] = [];
  for (let s = 0; s < structures; s++) {
    const empty = rng.chance(0.01);
    if (empty) flags.add('gen2.emptyStructure');
    const built = buildHome({
      seed,
      index,
      rng,
      slot: s,
      ownerId,
      memberIds: s === 0 ? members.map((m) => m.userId) : [],
      created: s === 0 ? created : between(rng, created.getTime(), WORLD_NOW),
      empty,
      migrated: s === 0 && input.hasGen1 && rng.chance(0.3),
      flags,
    });
    homes.push(built);
  }
  if (shared) flags.add('gen2.sharedStructure');
  const firstHome = homes[0]?.home.structure;
  if (licence && firstHome && rng.chance(0.8)) firstHome.licenses.v5 = { license: licence, userId: ownerId };
  const rootGroupIds = homes.map((h) => h.home.structure.rootGroupId);
  const owner = makeUser({
    rng,
    userId: ownerId,
    person: input.person,
    created,
    rootGroupIds,
    licence,
    flags,
  });
  docs.users.push(owner);
  for (const m of members) {
    docs.users.push(makeUser({ ...m, rng, rootGroupIds: [rootGroupIds[0] as string], licence: null, flags }));
  }
  if (noRoot) {
    flags.add('gen2.noRoot');
    const hubId = pickHubId({ seed, index, rng, slot: 0 });
    const { hub } = makeHub(
      { seed, index, rng, slot: 0, rootGroupId: null, userId: ownerId, created, flags },
      hubId,
      ids.serial(seed, index, 0, 2),
    );
    owner.hubId = hubId;
    docs.hubs.push(hub);
  }
  for (const { home, hubs, errorUpdates, archives } of homes) {
    docs.structures.push(home.structure);
    docs.hubs.push(...hubs);
    docs.products.push(...home.products);
    docs.syncUpdates.push(...errorUpdates);
    docs.productArchives.push(...archives);
  }
  return homes;
}
