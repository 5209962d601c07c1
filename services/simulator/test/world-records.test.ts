import {
  COLLECTIONS,
  type HubCommandName,
  type HubCommandRequest,
  type HubDoc,
  type HubMessage,
  type ProductDoc,
  parseDeviceId,
  type StructureDoc,
  storeEventMessages,
  structureNumberOf,
  subjects,
} from '@console/contracts';
import { type ScratchMongo, waitFor } from '@console/kit/testing';
import { jetstream } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SimHarness, scratchWorld, startSimulator } from './harness.ts';

const SEED = 1;
const CUSTOMERS = 40;

let mongo: ScratchMongo;
let sim: SimHarness;
const closers: (() => Promise<void>)[] = [];

const hubsColl = () => mongo.db.collection<HubDoc>(COLLECTIONS.hubs);
const productsColl = () => mongo.db.collection<ProductDoc>(COLLECTIONS.products);
const structuresColl = () => mongo.db.collection<StructureDoc>(COLLECTIONS.structures);

/** What the store holds of a hub, by the rule the structure page's ids follow. */
async function recordsOf(hubId: number) {
  const hub = (await hubsColl().findOne({ hubId })) as HubDoc;
  const products = await productsColl().find({ linkId: hubId }).toArray();
  const structure = hub.rootGroupId ? await structuresColl().findOne({ rootGroupId: hub.rootGroupId }) : null;
  const deviceIds = new Set(products.map((p) => p.deviceId));
  const features = Object.values(structure?.features ?? {}).filter((f) => deviceIds.has(f.deviceId));
  const automations = Object.values(structure?.automations ?? {}).filter(
    (a) => parseDeviceId(a.groupId)?.linkId === hubId,
  );
  return { hub, products, structure, features, automations };
}

/** The first item's payload of a hub's answer. */
const first = <T>(m: HubMessage): T => (m.items[0]?.payload ?? {}) as T;

/** One command to a hub with an item per entry; each answered item checked against its entry. */
async function eachItem<N extends HubCommandName, T>(
  hubId: number,
  name: N,
  entries: readonly T[],
  payload: (e: T) => HubCommandRequest<N>,
  check: (item: HubMessage['items'][number], e: T) => void,
): Promise<void> {
  if (entries.length === 0) return;
  const answer = await sim.command(hubId, name, entries.map(payload));
  expect(answer.items).toHaveLength(entries.length);
  for (const [i, item] of answer.items.entries()) check(item, entries[i] as T);
}

const byId = <T extends { automationId: string }>(list: T[]) =>
  [...list].sort((a, b) => a.automationId.localeCompare(b.automationId));

beforeAll(async () => {
  const world = await scratchWorld('simrecords', { seed: SEED, customers: CUSTOMERS });
  mongo = world.mongo;
  closers.push(world.drop);
}, 120_000);

afterAll(async () => {
  for (const c of closers.reverse()) await c().catch(() => undefined);
});

describe("a simulated hub answers from the world's records of it", () => {
  let edited: number;

  it('answers automations, devices and features equal to the stored ones, for 20 hubs', async () => {
    const all = await hubsColl()
      .find({}, { projection: { _id: 0, hubId: 1, rootGroupId: 1 } })
      .toArray();
    const withAutomations: number[] = [];
    for (const h of all)
      if ((await recordsOf(h.hubId)).automations.length >= 2) withAutomations.push(h.hubId);
    edited = withAutomations[0] as number;
    expect(edited, 'a hub with two automations').toBeDefined();

    // The store now says something the generator never made: the hub must answer the store.
    const before = await recordsOf(edited);
    const rootGroupId = before.hub.rootGroupId as string;
    const structure = structureNumberOf(rootGroupId);
    const renamed = before.automations[0] as { groupId: string };
    const dropped = before.automations[1] as { groupId: string };
    const ownDevice = before.products.find((p) => p.productCode !== 'L2') ?? before.products[0];
    await structuresColl().updateOne(
      { rootGroupId },
      {
        $set: {
          [`automations.${renamed.groupId}.name`]: 'Renamed in the store',
          [`features.${structure}-990-${edited}+1`]: {
            featureId: `${structure}-990-${edited}+1`,
            name: 'Added in the store',
            deviceId: ownDevice?.deviceId as string,
            attributes: { type: 'switch', channel: 1 },
            groups: [],
            key: 'switch',
          },
        },
        $unset: { [`automations.${dropped.groupId}`]: '' },
      },
    );
    await productsColl().insertOne({
      ...(before.products[1] as ProductDoc),
      _id: undefined,
      deviceId: `${structure}-991-${edited}+1`,
      serial: 'STORE991',
      firmwareVersion: '7.1',
    } as unknown as ProductDoc);

    sim = await startSimulator({
      FLEET: 'world',
      SIM_SEED: String(SEED),
      WORLD_CUSTOMERS: String(CUSTOMERS),
      SIM_HUBS: '1000',
      SIM_WFLS: '0',
      SIM_HOSTS: '0',
      MONGO_URL: mongo.url,
      // On a loaded machine a store read can take seconds: every answer here must be the store's.
      SIM_RECORDS_WAIT_MS: '20000',
    });
    closers.push(() => sim.close());
    expect(sim.app.sim.hubs.list.length).toBe(all.length);

    const chosen = [edited, ...all.map((h) => h.hubId).filter((id) => id !== edited)].slice(0, 20);
    expect(chosen).toHaveLength(20);
    for (const hubId of chosen) {
      const r = await recordsOf(hubId);
      const system = (await sim.command(hubId, 'systemRead', [{}], { timeout: 20_000 })).items[0];
      expect(system?.success, `${hubId} system read`).toBe(true);
      expect(system?.payload, `${hubId} counts`).toMatchObject({
        devices: r.products.length,
        automations: r.automations.length,
      });

      const list = first<{ automations: { automationId: string }[] }>(
        await sim.command(hubId, 'automationList', [{}]),
      );
      expect(byId(list.automations), `${hubId} automations`).toEqual(
        byId(
          r.automations.map((a) => ({
            automationId: a.groupId,
            name: a.name,
            category: a.category,
            active: a.active,
          })),
        ),
      );
      await eachItem(
        hubId,
        'automationRead',
        r.automations,
        (a) => ({ automationId: a.groupId }),
        (item, a) => {
          expect(item.success, `${hubId} reads ${a.groupId}`).toBe(true);
          const p = item.payload as { name: string; script: string };
          expect(p.name).toBe(a.name);
          expect(JSON.parse(p.script)).toEqual(a.script);
        },
      );
      await eachItem(
        hubId,
        'firmwareRead',
        r.products,
        (p) => ({ deviceId: p.deviceId, notForGeneralRelease: false }),
        (item, p) =>
          expect(item.payload, `${hubId} device ${p.deviceId}`).toMatchObject({
            deviceId: p.deviceId,
            productCode: p.productCode,
            firmwareVersion: p.firmwareVersion,
          }),
      );
      await eachItem(
        hubId,
        'featureRead',
        r.features,
        (f) => ({ featureId: f.featureId }),
        (item, f) => expect(item.success, `${hubId} feature ${f.featureId}`).toBe(true),
      );
      const state = (await sim.control('state', { hubId })) as {
        devices: string[];
        features: Record<string, unknown>;
        automations: string[];
      };
      expect([...state.devices].sort(), `${hubId} devices held`).toEqual(
        r.products.map((p) => p.deviceId).sort(),
      );
      expect(Object.keys(state.features).sort(), `${hubId} features held`).toEqual(
        r.features.map((f) => f.featureId).sort(),
      );
    }

    // The edits are what the edited hub answers.
    const names = first<{ automations: { name: string }[] }>(
      await sim.command(edited, 'automationList', [{}]),
    ).automations.map((a) => a.name);
    expect(names).toContain('Renamed in the store');
    const added = await sim.command(edited, 'featureRead', [{ featureId: `${structure}-990-${edited}+1` }]);
    expect(added.items[0]?.success).toBe(true);
  }, 120_000);

  it('reads a hub again when the store announces a change, keeping what the hub was told', async () => {
    const r = await recordsOf(edited);
    const feature = r.features.find((f) => f.attributes.type === 'switch') as { featureId: string };
    const write = await sim.command(edited, 'featureWrite', [{ featureId: feature.featureId, value: 1 }]);
    expect(write.items[0]?.success).toBe(true);

    const structure = structureNumberOf(r.hub.rootGroupId as string);
    const doc = {
      ...(r.products[1] as ProductDoc),
      _id: undefined,
      deviceId: `${structure}-992-${edited}+1`,
      serial: 'STORE992',
    } as unknown as ProductDoc;
    const { insertedId } = await productsColl().insertOne(doc);
    // Not announced yet: the hub still answers what it read.
    const unchanged = (await sim.command(edited, 'systemRead', [{}])).items[0]?.payload as {
      devices: number;
    };
    expect(unchanged.devices).toBe(r.products.length);

    const js = jetstream(sim.nc);
    for (const m of storeEventMessages('products', [{ ...doc, _id: insertedId }]))
      await js.publish(subjects(sim.prefix).storeInserted('products'), m.body, { msgID: m.msgID });
    await waitFor(
      async () =>
        first<{ devices: number }>(await sim.command(edited, 'systemRead', [{}], { timeout: 20_000 }))
          .devices ===
        r.products.length + 1,
      'the hub to count the announced device',
      { timeoutMs: 30_000, intervalMs: 200 },
    );
    const status = await sim.command(edited, 'deviceStatus', [{ deviceId: doc.deviceId }]);
    expect(status.items[0]?.success).toBe(true);
    // The value written before the refresh is still the hub's.
    const read = await sim.command(edited, 'featureRead', [{ featureId: feature.featureId }]);
    expect(read.items[0]?.payload).toEqual({ featureId: feature.featureId, value: 1 });
  }, 60_000);
});
