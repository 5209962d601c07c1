import {
  COLLECTIONS,
  type HubDoc,
  type ProductDoc,
  type StructureDoc,
  type UserDoc,
} from '@console/contracts';
import type { Collection, Db, Document, Filter } from 'mongodb';

/** How many equality finds run at once when several values are looked up. */
const FAN_OUT = 16;

/**
 * The Gen2 collections, read only with equality on top-level fields: the one filter shape that
 * MongoDB serves from its indexes and FerretDB pushes down to Postgres (where the accelerator's GIN
 * indexes serve it). `$in` and `$or` are not pushed down by FerretDB 1.24, so several values are
 * several finds, a few at a time.
 */
export class Gen2Mongo {
  readonly users: Collection<UserDoc>;
  readonly structures: Collection<StructureDoc>;
  readonly hubs: Collection<HubDoc>;
  readonly products: Collection<ProductDoc>;

  constructor(db: Db) {
    this.users = db.collection<UserDoc>(COLLECTIONS.users);
    this.structures = db.collection<StructureDoc>(COLLECTIONS.structures);
    this.hubs = db.collection<HubDoc>(COLLECTIONS.hubs);
    this.products = db.collection<ProductDoc>(COLLECTIONS.products);
  }

  /** Documents whose `field` equals any of `values` (each value one find), without repeats. */
  async byValues<T extends Document>(
    col: Collection<T>,
    field: string,
    values: readonly unknown[],
    limitEach = 100,
  ): Promise<T[]> {
    const unique = [...new Set(values)];
    const found: T[][] = [];
    for (let i = 0; i < unique.length; i += FAN_OUT) {
      const slice = unique.slice(i, i + FAN_OUT);
      found.push(
        ...(await Promise.all(
          slice.map(
            (v) => col.find({ [field]: v } as Filter<T>, { limit: limitEach }).toArray() as Promise<T[]>,
          ),
        )),
      );
    }
    const seen = new Set<string>();
    const out: T[] = [];
    for (const doc of found.flat()) {
      const id = String(doc._id);
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(doc);
    }
    return out;
  }

  /** A structure with what hangs off it, read fresh. */
  async structureWith(rootGroupId: string) {
    const structure = await this.structures.findOne({ rootGroupId });
    if (!structure) return null;
    const [hubs, products, members] = await Promise.all([
      this.hubs.find({ rootGroupId }).toArray(),
      this.products.find({ rootGroupId }).toArray(),
      this.users.find({ rootGroupIds: rootGroupId }).toArray(),
    ]);
    const listed = (structure.userRootAccess ?? []).map((a) => a.userId);
    const known = new Set(members.map((u) => u.userId));
    const others = await this.byValues(
      this.users,
      'userId',
      listed.filter((id) => !known.has(id)),
    );
    const linked = new Set(hubs.map((h) => h.hubId));
    const moreHubs = await this.byValues(
      this.hubs,
      'hubId',
      (structure.link2 ?? []).filter((id) => !linked.has(id)),
    );
    return { structure, hubs: [...hubs, ...moreHubs], products, users: [...members, ...others] };
  }
}
