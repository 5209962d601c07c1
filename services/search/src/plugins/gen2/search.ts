import {
  ApiError,
  type Gen2SearchBody,
  type Gen2SearchResult,
  hubIdFromSearch,
  PRODUCT_SEARCH_FIELDS,
  type ProductDoc,
  type ProductSearchField,
  type UserDoc,
} from '@console/contracts';
import type pg from 'pg';
import { rows, type Statement } from '../sql.ts';
import { Found, type MatchedBy } from './found.ts';
import type { Gen2Mongo } from './gen2.store.ts';
import { indexStructures, indexUsers } from './index-docs.ts';
import {
  type Looseness,
  migratedStructures,
  productsBy,
  structuresAndHubsByPrefix,
  usersByEmail,
  usersById,
  usersByIdPrefix,
  usersOfStructures,
} from './index-read.ts';

interface Ask {
  text: string;
  email: boolean;
  hubId: number | null;
  fields: readonly ProductSearchField[] | null;
  limit: number;
}

/** A decimal link id typed in full. */
function decimalHubId(text: string): number | null {
  return /^[0-9]{1,16}$/.test(text) && Number.isSafeInteger(Number(text)) ? Number(text) : null;
}

const STRUCTURE_SUMMARY = { rootGroupId: 1, name: 1, createdDate: 1, link2: 1, 'userRootAccess.userId': 1 };

/**
 * The Support Plus search (seed 001 §5). Exact matches are looked up in Mongo, so a customer added a
 * moment ago is found. When they find no user, the search index (Postgres) serves the looser
 * match: starts-with, then contains. The users and structures around what was found are listed
 * from the index too (one query, not one Mongo find each); anything the index does not hold yet
 * is read from Mongo.
 */
export class Gen2Search {
  private readonly mongo: Gen2Mongo;
  private readonly pool: pg.Pool;
  constructor(mongo: Gen2Mongo, pool: pg.Pool) {
    this.mongo = mongo;
    this.pool = pool;
  }

  async search(body: Gen2SearchBody): Promise<Gen2SearchResult> {
    const text = body.text.trim();
    const limit = body.limit ?? 20;
    const found = new Found();
    if (!text && !body.migrated) {
      throw new ApiError(400, 'Enter an e-mail, user id, link id or rootGroupId to search for.', {
        text: 'Required',
      });
    }
    if (!text) {
      const total = await this.migrated(found, limit);
      await this.finish(found, limit, false);
      return found.result({ text, mode: 'migrated', hubId: null, loosened: false }, limit, total);
    }
    const email = text.includes('@');
    const ask: Ask = {
      text,
      email,
      hubId: email ? null : (hubIdFromSearch(text) ?? decimalHubId(text)),
      fields:
        !email && body.products
          ? body.productFields?.length
            ? body.productFields
            : PRODUCT_SEARCH_FIELDS
          : null,
      limit,
    };
    await this.exact(ask, found);
    await this.usersOfStructures(found, limit);
    let loosened = false;
    if (found.users.size === 0) {
      loosened = true;
      await this.loose(ask, found, 'prefix');
      if (found.users.size === 0 && found.structures.size === 0 && text.length >= 3)
        await this.loose(ask, found, 'contains');
      await this.usersOfStructures(found, limit);
    }
    await this.finish(found, limit);
    if (body.migrated) await this.keepMigrated(found);
    return found.result({ text, mode: email ? 'email' : 'ids', hubId: ask.hubId, loosened }, limit);
  }

  private sql<T extends object>(s: Statement): Promise<T[]> {
    return rows<T>(this.pool, s.text, s.values);
  }

  private async exact(ask: Ask, found: Found): Promise<void> {
    const m = this.mongo;
    if (ask.email) {
      for (const u of await m.users.find({ email: ask.text.toLowerCase() }).limit(ask.limit).toArray())
        found.addUser(u, 'email');
      return;
    }
    const [users, structures, hubs, hubUsers, products] = await Promise.all([
      m.users.find({ userId: ask.text }).limit(ask.limit).toArray(),
      m.structures.find({ rootGroupId: ask.text }, { projection: STRUCTURE_SUMMARY }).limit(1).toArray(),
      ask.hubId === null
        ? []
        : m.hubs
            .find({ hubId: ask.hubId }, { projection: { rootGroupId: 1, userId: 1 } })
            .limit(5)
            .toArray(),
      ask.hubId === null ? [] : m.users.find({ hubId: ask.hubId }).limit(ask.limit).toArray(),
      ask.fields ? this.exactProducts(ask) : [],
    ]);
    for (const u of users) found.addUser(u, 'userId');
    for (const s of structures) found.addStructure(s.rootGroupId, 'rootGroupId', s);
    for (const u of hubUsers) found.addUser(u, 'hubId');
    for (const h of hubs) found.addStructure(h.rootGroupId, 'hubId');
    await this.hubOwners(
      found,
      hubs.filter((h) => !h.rootGroupId).map((h) => h.userId),
    );
    for (const p of products) found.addProduct(p);
  }

  private async exactProducts(ask: Ask): Promise<ProductDoc[]> {
    const tries = (ask.fields ?? []).flatMap((f) =>
      f === 'name' ? [[f, ask.text]] : [...new Set([ask.text, ask.text.toUpperCase()])].map((v) => [f, v]),
    );
    const lists = await Promise.all(
      tries.map(([f, v]) =>
        this.mongo.products
          .find({ [f as string]: v })
          .limit(ask.limit)
          .toArray(),
      ),
    );
    return lists.flat();
  }

  /** The users who registered hubs with no structure (no-root links). */
  private async hubOwners(found: Found, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const owners = await indexUsers(this.pool, usersById(ids));
    const missing = ids.filter((id) => !owners.some((o) => o.userId === id));
    for (const u of [...owners, ...(await this.mongo.byValues(this.mongo.users, 'userId', missing))])
      found.addUser(u, 'hubId');
  }

  private async loose(ask: Ask, found: Found, how: Looseness): Promise<void> {
    for (const u of await indexUsers(this.pool, usersByEmail(ask.text, how, ask.limit)))
      found.addUser(u, 'email');
    if (!ask.email && how === 'prefix') {
      for (const u of await indexUsers(this.pool, usersByIdPrefix(ask.text, ask.limit)))
        found.addUser(u, 'userId');
      const [roots, hubs] = structuresAndHubsByPrefix(ask.text, ask.limit) as [Statement, Statement];
      for (const r of await this.sql<{ id: string }>(roots)) found.addStructure(r.id, 'rootGroupId');
      const linked = await this.sql<{ hubId: number; rootGroupId: string | null; userId: string }>(hubs);
      for (const h of linked) found.addStructure(h.rootGroupId, 'hubId');
      await this.hubOwners(
        found,
        linked.filter((h) => !h.rootGroupId).map((h) => h.userId),
      );
    }
    if (ask.fields) {
      for (const p of await this.sql<ProductDoc>(productsBy(ask.text, ask.fields, how, ask.limit)))
        found.addProduct(p);
    }
  }

  /** The first `limit` migrated structures and their users; returns how many there are in all. */
  private async migrated(found: Found, limit: number): Promise<number> {
    const [list, count] = migratedStructures(limit) as [Statement, Statement];
    const [ids, total] = await Promise.all([
      this.sql<{ root_group_id: string }>(list),
      this.sql<{ n: number }>(count),
    ]);
    for (const r of ids) found.addStructure(r.root_group_id, 'migrated');
    await this.usersOfStructures(found, limit, 'migrated');
    return total[0]?.n ?? 0;
  }

  /** Users with access to the structures found directly (a rootGroupId, a link, a product). */
  private async usersOfStructures(found: Found, limit: number, by?: MatchedBy): Promise<void> {
    const direct = [...found.structures.entries()]
      .filter(([, e]) => e.matchedBy !== 'email' && e.matchedBy !== 'userId')
      .map(([id]) => id)
      .slice(0, limit);
    if (direct.length === 0) return;
    const users = await indexUsers(this.pool, usersOfStructures(direct, limit * 4));
    const covered = new Set(users.flatMap((u) => u.rootGroupIds));
    const fresh = direct.filter((id) => !covered.has(id));
    const more: UserDoc[] = await this.mongo.byValues(this.mongo.users, 'rootGroupIds', fresh);
    for (const u of [...users, ...more]) {
      const entry = found.structures.get((u.rootGroupIds ?? []).find((rg) => found.structures.has(rg)) ?? '');
      found.addUser(u, by ?? entry?.matchedBy ?? 'rootGroupId');
    }
  }

  /** The structures of the users found, and the summaries of the first `limit` structures. */
  private async finish(found: Found, limit: number, structuresOfUsers = true): Promise<void> {
    if (structuresOfUsers) found.addStructuresOfUsers();
    const missing = [...found.structures.entries()]
      .filter(([, e]) => !e.doc)
      .map(([id]) => id)
      .slice(0, limit);
    const indexed = await indexStructures(this.pool, missing);
    const seen = new Set(indexed.map((s) => s.rootGroupId));
    const rest = missing.filter((id) => !seen.has(id));
    const read = await Promise.all(
      rest.map((rootGroupId) =>
        this.mongo.structures.findOne({ rootGroupId }, { projection: STRUCTURE_SUMMARY }),
      ),
    );
    for (const d of [...indexed, ...read]) if (d) found.addStructure(d.rootGroupId, 'rootGroupId', d);
    for (const id of missing) if (!found.structures.get(id)?.doc) found.structures.delete(id);
  }

  /** 'Migrated' with a term: only the structures that hold migrated products. */
  private async keepMigrated(found: Found): Promise<void> {
    const ids = [...found.structures.keys()];
    const keep = await rows<{ root_group_id: string }>(
      this.pool,
      'select root_group_id from search_g2_structures where migrated and root_group_id = any($1::text[])',
      [ids],
    );
    const yes = new Set(keep.map((r) => r.root_group_id));
    for (const id of ids) if (!yes.has(id)) found.structures.delete(id);
  }
}
