import { COLLECTIONS, type WorkerConnectionRow, type WorkerOfflineReport } from '@console/contracts';
import { generateCustomer, WORLD_NOW } from '@console/world';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, failure, type SupervisorHarness, startSupervisor, until } from './harness.ts';

let h: SupervisorHarness;
const admin = () => h.staff(['admin']);
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
// Connections of the generated world start in the 30 days before WORLD_NOW and last up to 3 days.
const range = { clientType: 'link2', fromDate: iso(WORLD_NOW - 31 * DAY), toDate: iso(WORLD_NOW + 4 * DAY) };
let docs: { clientId: string; removedDate: Date; oldWorker: { addedDate: Date | null } }[] = [];

beforeAll(async () => {
  h = await startSupervisor();
  // The world generator's worker-connection history of 150 customers (seed 11), as `pnpm start` loads it.
  docs = Array.from(
    { length: 150 },
    (_, i) => generateCustomer(11, i, { histories: true }).gen2.workerConnections,
  ).flat();
  await h.db.collection(COLLECTIONS.workerConnections).insertMany(docs.map((d) => ({ ...d })));
});
afterAll(async () => {
  await h?.close();
});

const report = async (body: Record<string, unknown>) =>
  data<WorkerOfflineReport>(await h.call('supervisor.workerLinksOffline', { caller: admin(), body }));

describe('worker connections', () => {
  it('reports every client of the range as not online, one row per client with its connection count', async () => {
    const r = await report(range);
    const clients = new Set(docs.map((d) => d.clientId));
    expect(r.scanned).toBe(docs.length);
    expect(r.notOnline.length).toBe(clients.size);
    expect(r.notOnline.reduce((n, x) => n + x.count, 0)).toBe(docs.length);
    expect(r.onlineNow).toBe(0);
    const first = r.notOnline[0];
    expect(first?.structureId).toBeTruthy();
    expect(first?.worker).toMatch(/^worker-\d$/);
  });

  it('counts a client that is connected now as online now, not as not online', async () => {
    const clientId = docs[0]?.clientId ?? '';
    h.nc.publish(
      h.app.subjects.hubPresence(clientId),
      JSON.stringify({
        hubId: Number(clientId),
        rootGroupId: 'r',
        connected: true,
        workerId: 'w',
        since: 0,
        at: Date.now(),
      }),
    );
    await until(async () => (await report(range)).onlineNow === 1, 'the presence to count');
    expect((await report(range)).notOnline.some((x) => x.clientId === clientId)).toBe(false);
  });

  it('leaves links disconnected in the last 15 minutes out when asked, and counts them', async () => {
    const latest = Math.max(...docs.map((d) => d.removedDate.getTime()));
    h.clock.now = new Date(latest + 5 * 60_000);
    try {
      const plain = await report(range);
      const ignoring = await report({ ...range, ignoreRecent: true });
      expect(ignoring.ignoredRecent).toBeGreaterThan(0);
      expect(ignoring.notOnline.length).toBe(plain.notOnline.length - ignoring.ignoredRecent);
      expect(plain.ignoredRecent).toBe(0);
    } finally {
      h.clock.now = null;
    }
  });

  it('compares with the period before (onlinePrev) and refuses bad ranges with a clear 400', async () => {
    const r = await report({ ...range, fromDate: iso(WORLD_NOW - 10 * DAY), toDate: iso(WORLD_NOW) });
    expect(r.onlinePrev).toBeGreaterThan(0);
    const backwards = await h.call('supervisor.workerLinksOffline', {
      caller: admin(),
      body: { ...range, toDate: range.fromDate },
    });
    expect(failure(backwards)).toMatchObject({
      statusCode: 400,
      message: 'The before date must be after the from date.',
    });
    const notDate = await h.call('supervisor.workerLinksOffline', {
      caller: admin(),
      body: { ...range, fromDate: 'yesterday' },
    });
    expect(failure(notDate).statusCode).toBe(400);
  });

  it('counts, gets 10 and deletes old records (added-date-null flag) only after typing yes, with an audit note', async () => {
    const before = iso(WORLD_NOW - 5 * DAY);
    const old = docs.filter((d) => d.removedDate.getTime() < Date.parse(before));
    const oldNull = old.filter((d) => d.oldWorker.addedDate === null);
    expect(oldNull.length).toBeGreaterThan(0);
    const q = { clientType: 'link2', before, addedDateNull: true };
    expect(data(await h.call('supervisor.workerCount', { caller: admin(), body: q }))).toEqual({
      count: oldNull.length,
    });
    expect(
      data(await h.call('supervisor.workerCount', { caller: admin(), body: { ...q, addedDateNull: false } })),
    ).toEqual({
      count: old.length,
    });
    const got = data<{ records: WorkerConnectionRow[] }>(
      await h.call('supervisor.workerGet', { caller: admin(), body: { ...q, addedDateNull: false } }),
    );
    expect(got.records.length).toBe(Math.min(10, old.length));
    expect(got.records.every((r) => Date.parse(r.removedDate ?? '') < Date.parse(before))).toBe(true);

    const cancelled = await h.call('supervisor.workerDelete', {
      caller: admin(),
      body: { ...q, confirm: 'no' },
    });
    expect(failure(cancelled)).toMatchObject({ statusCode: 400, message: 'Deletion cancelled.' });
    expect(data(await h.call('supervisor.workerCount', { caller: admin(), body: q }))).toEqual({
      count: oldNull.length,
    });

    const audits = h.nc.subscribe(h.app.subjects.audit('worker-connections-delete'), { max: 1 });
    expect(
      data(await h.call('supervisor.workerDelete', { caller: admin(), body: { ...q, confirm: 'YES' } })),
    ).toEqual({
      deleted: oldNull.length,
    });
    for await (const m of audits)
      expect(m.json()).toMatchObject({ deleted: oldNull.length, addedDateNull: true });
    expect(data(await h.call('supervisor.workerCount', { caller: admin(), body: q }))).toEqual({ count: 0 });
    expect(
      data(await h.call('supervisor.workerCount', { caller: admin(), body: { ...q, addedDateNull: false } })),
    ).toEqual({
      count: old.length - oldNull.length,
    });
  });

  it('is for admins only', async () => {
    const r = await h.call('supervisor.workerCount', {
      caller: h.staff(['dev', 'support']),
      body: { clientType: 'link2', before: iso(Date.now()), addedDateNull: false },
    });
    expect(failure(r).statusCode).toBe(403);
  });
});
