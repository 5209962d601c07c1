import {
  COLLECTIONS,
  type FeatureTypes,
  type HubSummary,
  type ProductStructures,
  type RecentUsers,
  type StoreEventCollection,
  storeEventMessages,
  subjects,
  USERS_WITH_API_VOICE_MAX,
  type UsersWithApi,
  type VoiceUsers,
} from '@console/contracts';
import { jetstream } from '@nats-io/jetstream';
import { type Document, ObjectId } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READ_MODELS } from '../src/read-models/models.ts';
import { data, type StatsHarness, startStats, startStatsBuilt, until } from './harness.ts';

// The read models (src/read-models/) on the real stores: built from a loaded world, they follow
// records written later, and the screens read from them answer what the stores hold. Nothing mocked.
let h: StatsHarness;
const support = () => h.staff(['support']);
const admin = () => h.staff(['admin']);

beforeAll(async () => {
  // The safety net's _id follow is left for an hour: records written later reach the models only
  // by their announcements (and changes by the sweep).
  h = await startStatsBuilt({
    customers: 40,
    env: { BACKFILL: 'off', READ_MODEL_FOLLOW_MS: '200', READ_MODEL_SAFETY_MS: '3600000' },
  });
});
afterAll(async () => {
  await h?.close();
});

/** Every row of every read model's tables, as the models make them from the whole collections now. */
async function fromStores(): Promise<Map<string, Record<string, unknown>[]>> {
  const out = new Map<string, Record<string, unknown>[]>();
  for (const m of READ_MODELS) {
    const docs = await h.db.collection(m.collection).find({}, { projection: m.projection }).toArray();
    for (const t of m.rows(docs)) out.set(t.table, [...(out.get(t.table) ?? []), ...t.rows]);
  }
  return out;
}

/** A read model table's rows as JSON (the types jsonb_to_recordset wrote them with), keyed in order. */
async function table(name: string, key: string): Promise<Record<string, unknown>[]> {
  const r = await h.pool.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(t) as row from ${name} t order by ${key}`,
  );
  return r.rows.map((x) => x.row);
}

const normal = (rows: Record<string, unknown>[], key: string) =>
  rows
    .map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([k, v]) => [
          k,
          typeof v === 'string' && (k === 'created' || k === 'updated') ? Date.parse(v) : v,
        ]),
      ),
    )
    .sort((a, b) => String(a[key]).localeCompare(String(b[key])));

/** Inserts the documents and announces them on `STORE`, as every writer of the stores does. */
async function insertAnnounced(key: StoreEventCollection, docs: Document[]) {
  await h.db.collection(COLLECTIONS[key]).insertMany(docs);
  const js = jetstream(h.nc);
  for (const m of storeEventMessages(key, docs))
    await js.publish(subjects(h.prefix).storeInserted(key), m.body, { msgID: m.msgID });
}

/** A customer who joins after the build: a structure (its features renamed), products, a user, an agent, a hub. */
async function addCustomer(tag: string) {
  const now = new Date();
  const template = (await h.db
    .collection('structures')
    .findOne({ 'userRootAccess.0': { $exists: true } })) as Document;
  const rootGroupId = `rg-${tag}`;
  const userId = `u-${tag}`;
  const rename = (id: string) => `${id}-${tag}`;
  const features = Object.fromEntries(
    Object.entries((template.features ?? {}) as Record<string, Document>).map(([id, f]) => [rename(id), f]),
  );
  await insertAnnounced('structures', [
    {
      ...template,
      _id: new ObjectId(),
      rootGroupId,
      name: `Home ${tag}`,
      createdDate: now,
      features,
      userRootAccess: [{ userId, levels: ['owner'] }, ...(template.userRootAccess as Document[]).slice(0, 1)],
    },
  ]);
  const own = await h.db.collection('products').find({ rootGroupId: template.rootGroupId }).toArray();
  await insertAnnounced(
    'products',
    own.map((p) => ({
      ...p,
      _id: new ObjectId(),
      rootGroupId,
      deviceId: `${p.deviceId}-${tag}`,
      createdDate: now,
      featureIds: ((p.featureIds ?? []) as string[]).map(rename),
    })),
  );
  await insertAnnounced('users', [
    {
      _id: new ObjectId(),
      userId,
      email: `${tag}@later.test`,
      createdDate: now,
      rootGroupIds: [rootGroupId],
    },
  ]);
  await insertAnnounced('agents', [
    { _id: new ObjectId(), userId, type: 'alexa', linked: true, createdDate: now },
  ]);
  await insertAnnounced('hubs', [
    {
      _id: new ObjectId(),
      hubId: 16_000_000 + Math.floor(Math.random() * 100_000),
      rootGroupId,
      firmwareVersion: '9.9.9',
      configNumber: 2_000_000_000,
      homeKitPaired: true,
    },
  ]);
  return {
    rootGroupId,
    userId,
    products: own.length,
    sharer: (template.userRootAccess as Document[])[0]?.userId,
  };
}

describe('read models', () => {
  it('equal the stores after the build and after records are added later, and the screens answer from them', async () => {
    const keys: Record<string, string> = {
      rm_structures: 'id',
      rm_features: 'feature_id',
      rm_products: 'id',
      rm_users: 'id',
      rm_agents: 'id',
      rm_hubs: 'id',
    };
    const check = async () => {
      const truth = await fromStores();
      for (const [name, key] of Object.entries(keys))
        expect(normal(await table(name, key), key), name).toEqual(normal(truth.get(name) ?? [], key));
      // Get Feature Types' counts (kept by triggers) equal the join of the two tables now.
      const kept = await h.pool.query(
        `select product_code, type, features::int as n from rm_code_feature_types where features <> 0
          order by 1, 2`,
      );
      const joined = await h.pool.query(
        `select p.product_code, f.type, count(*)::int as n
           from rm_products p cross join lateral unnest(p.feature_ids) as fid(id)
           join rm_features f on f.feature_id = fid.id group by 1, 2 order by 1, 2`,
      );
      expect(kept.rows, 'rm_code_feature_types').toEqual(joined.rows);
      const codes = await h.pool.query(
        `select product_code, category, virtual_code, products::int as n from rm_code_products
          where products <> 0 order by 1, 2, 3`,
      );
      const grouped = await h.pool.query(
        `select product_code, coalesce(category, '') as category, coalesce(virtual_code, '') as virtual_code,
                count(*)::int as n from rm_products group by 1, 2, 3 order by 1, 2, 3`,
      );
      expect(codes.rows, 'rm_code_products').toEqual(grouped.rows);
      expect(joined.rowCount).toBeGreaterThan(0);
    };
    await check();

    const later = await addCustomer('later1');
    await until(
      async () =>
        (await h.pool.query('select 1 from rm_structures where root_group_id = $1', [later.rootGroupId]))
          .rowCount === 1,
      60_000,
      'the new structure in the read model (from its announcement)',
    );
    await check();

    // The screens: the newest structure and its devices, the new user with the one who shares the
    // home, the new hub first by config number, the new agent counted.
    const ps = data<ProductStructures>(await h.call('stats.productStructuresRecent', { caller: support() }));
    const mine = ps.structures.find((s) => s.rootGroupId === later.rootGroupId);
    expect(mine).toMatchObject({ name: 'Home later1', total: later.products, user: 'later1@later.test' });
    const users = data<RecentUsers>(await h.call('stats.recentUsers', { caller: support() }));
    const u = users.users.find((x) => x.userId === later.userId);
    expect(u?.devices).toBe(later.products);
    const sharer = await h.db.collection('users').findOne({ userId: later.sharer });
    expect(u?.structures[0]?.otherUsers).toEqual([sharer?.email ?? later.sharer]);
    const hubs = data<HubSummary>(await h.call('stats.hubSummary', { caller: support() }));
    expect(hubs.hubs).toBe(await h.db.collection('hubs').countDocuments({}));
    expect(hubs.homeKitPaired).toBe(await h.db.collection('hubs').countDocuments({ homeKitPaired: true }));
    expect(hubs.configHighs[0]).toMatchObject({
      rootGroupId: later.rootGroupId,
      configNumber: 2_000_000_000,
    });
    const voice = data<VoiceUsers>(await h.call('stats.usersPercentWithVoice', { caller: support() }));
    expect(voice.totalUsers).toBe(await h.db.collection('users').countDocuments({}));
    expect(voice.byType.find((t) => t.type === 'alexa')?.users).toBe(
      await h.db.collection('agents').countDocuments({ type: 'alexa' }),
    );
    expect(voice.users[0]).toMatchObject({ userId: later.userId, email: 'later1@later.test', linked: true });

    // Changed and deleted afterwards: the sweep re-reads every row's document by _id, round by round.
    await h.db
      .collection('hubs')
      .updateOne(
        { rootGroupId: later.rootGroupId },
        { $set: { firmwareVersion: '9.9.10', configNumber: 2_000_000_001 } },
      );
    const dropped = await h.db.collection('products').findOneAndDelete({ rootGroupId: later.rootGroupId });
    await h.db
      .collection('structures')
      .updateOne({ rootGroupId: later.rootGroupId }, { $set: { name: 'Renamed' } });
    await until(
      async () =>
        (
          await h.pool.query(
            `select 1 from rm_hubs where root_group_id = $1 and firmware = '9.9.10'
              and not exists (select 1 from rm_products where id = $2)
              and exists (select 1 from rm_structures where root_group_id = $1 and name = 'Renamed')`,
            [later.rootGroupId, String(dropped?._id)],
          )
        ).rowCount === 1,
      150_000,
      'the changes swept into the read models',
    );
    await check();
    const swept = data<HubSummary>(await h.call('stats.hubSummary', { caller: support() }));
    expect(swept.configHighs[0]).toMatchObject({
      rootGroupId: later.rootGroupId,
      configNumber: 2_000_000_001,
    });
    const renamed = data<ProductStructures>(
      await h.call('stats.productStructuresRecent', { caller: support() }),
    );
    expect(renamed.structures.find((s) => s.rootGroupId === later.rootGroupId)).toMatchObject({
      name: 'Renamed',
      total: later.products - 1,
    });

    // Feature types of a code, counted from the stores independently: each product's features
    // looked up in its own structure.
    const code = (await h.db.collection('products').findOne({ rootGroupId: later.rootGroupId }))?.productCode;
    const types = new Map<string, number>();
    for (const p of await h.db.collection('products').find({ productCode: code }).toArray()) {
      const s = await h.db.collection('structures').findOne({ rootGroupId: p.rootGroupId });
      for (const id of (p.featureIds ?? []) as string[]) {
        const t = s?.features?.[id]?.attributes?.type as string | undefined;
        if (t) types.set(t, (types.get(t) ?? 0) + 1);
      }
    }
    const ft = data<FeatureTypes>(
      await h.call('stats.featureTypes', {
        caller: h.staff(['datauser']),
        body: { productCodes: [code], project: 'linkplus' },
      }),
    );
    expect(Object.fromEntries(ft.products[0]?.types.map((t) => [t.type, t.features]) ?? [])).toEqual(
      Object.fromEntries(types),
    );
  }, 240_000);
});

describe('bounded answers', () => {
  // Its own app with the read models neither built nor followed (READ_MODELS=off): the test fills
  // them, and a sweep would rightly delete rows that have no document in the store.
  let b: StatsHarness;
  beforeAll(async () => {
    b = await startStats({ customers: 1, env: { BACKFILL: 'off', READ_MODELS: 'off' } });
    await b.start();
    await b.pool.query(`insert into rm_cursor (model, built_at) select m, now() from unnest($1::text[]) m`, [
      READ_MODELS.map((m) => m.name),
    ]);
  });
  afterAll(async () => {
    await b?.close();
  });

  it('keep every list answer under the broker payload however wide the range', async () => {
    const h = b;
    const max = h.nc.info?.max_payload ?? 1_048_576;
    // 6,000 structures and users of this week, straight into the read models (the screens read
    // only these), and 60,000 Gen1 users, 6,000 of them with a voice link.
    await h.pool.query(
      `insert into rm_structures (id, root_group_id, name, created, owner, user_ids)
       select 'bulk' || i, 'rg-bulk-' || i, repeat('n', 80), date_trunc('second', now()) - (i || ' seconds')::interval, 'ub' || i, array['ub' || i]
         from generate_series(1, 6000) i`,
    );
    await h.pool.query(
      `insert into rm_users (id, user_id, email, created, root_group_ids)
       select 'bulk' || i, 'ub' || i, 'bulk-user-' || i || '@example.test', date_trunc('second', now()) - (i || ' seconds')::interval, array['rg-bulk-' || i]
         from generate_series(1, 6000) i`,
    );
    await h.pool.query(
      `insert into users (user_id, email, username, name, role, created, updated)
       select 900000000 + i, 'gen1-bulk-' || i || '@example.test', 'b' || i, 'B', case when i % 10 = 0 then 'api_user' end,
              1500000000 + i * 600, 1500000000 + i * 600
         from generate_series(1, 60000) i`,
    );
    const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x));
    const ps = data<ProductStructures>(
      await h.call('stats.productStructuresRecent', {
        caller: support(),
        query: { fromDate: '2000-01-01', limit: '2000' },
      }),
    );
    expect(ps.structures).toHaveLength(2000);
    expect(ps.summary.total).toBeGreaterThanOrEqual(6000);
    expect(bytes(ps)).toBeLessThan(max);
    const users = data<RecentUsers>(
      await h.call('stats.recentUsers', { caller: support(), query: { fromDate: '2000-01-01' } }),
    );
    expect(users.users).toHaveLength(2000);
    expect(users.total).toBeGreaterThanOrEqual(6000);
    expect(bytes(users)).toBeLessThan(max);
    const api = data<UsersWithApi>(await h.call('stats.usersWithApi', { caller: admin() }));
    expect(api.alexaUsers).toHaveLength(USERS_WITH_API_VOICE_MAX);
    expect(api.voiceUsers).toBeGreaterThanOrEqual(6000);
    expect(api.allUsers.reduce((n, d) => n + d.users, 0)).toBe(
      (await h.pool.query<{ n: number }>('select count(*)::int as n from users')).rows[0]?.n,
    );
    expect(bytes(api)).toBeLessThan(max);
  }, 120_000);
});
