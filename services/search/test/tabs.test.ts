import {
  type StructureAgents,
  type StructureNotifications,
  TAB_LIMITS,
  type TabPage,
} from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, failure, useSearch } from './harness.ts';

const { h, support } = useSearch({ world: false });
const ROOT = 'tabs-structure-1';
const OTHER = 'tabs-structure-2';
const T0 = Date.UTC(2025, 0, 1);
const at = (minutes: number) => new Date(T0 + minutes * 60_000);
const page = async (id: string, body: Record<string, unknown>) =>
  data<TabPage>(await h.call(id, { caller: support(), body }));

beforeAll(async () => {
  // 130 transactions of the structure (every 10th failed, classes alternating), 5 of another.
  await h.db.collection('transactions').insertMany([
    ...Array.from({ length: 130 }, (_, i) => ({
      rootGroupId: ROOT,
      class: i % 2 ? 'feature' : 'system',
      operation: i % 2 ? 'write' : 'read',
      success: i % 10 !== 0,
      messages: [{ clientType: 'user', clientId: `user-${i}`, clientDeviceId: 'app' }],
      createdDate: at(i),
    })),
    ...Array.from({ length: 5 }, (_, i) => ({ rootGroupId: OTHER, class: 'feature', createdDate: at(i) })),
  ]);
  await h.db.collection('syncupdates').insertOne({
    rootGroupId: ROOT,
    createdDate: at(1),
    state: { type: 'sync', subType: 'full', caller: 'user', errorCount: 0 },
    data: [{ authedHubObj: { authPayload: { configNumber: 7, key: 'leak-key' } } }],
  });
  await h.db
    .collection('backups')
    .insertMany(
      Array.from({ length: 12 }, (_, i) => ({ structureId: ROOT, backupId: `b${i}`, createdDate: at(i) })),
    );
  await h.db
    .collection('users')
    .insertOne({ userId: 'u-tabs', email: 'tabs@example.com', rootGroupIds: [ROOT] });
  await h.db.collection('notifications').insertOne({
    userId: 'u-tabs',
    notifications: [
      { id: 'n1', type: 'pushNotification', meta: { featureId: 'f', structureId: ROOT } },
      { id: 'n2', type: 'iftttTrigger', meta: { featureId: 'g', structureId: OTHER } },
    ],
  });
  await h.db.collection('agents').insertMany([
    { type: 'alexa', rootGroups: [ROOT], linked: true },
    { type: 'alexa', rootGroups: [ROOT], linked: false },
    { type: 'google', rootGroups: [OTHER], linked: true },
  ]);
});

describe('the structure tabs’ reads', () => {
  it('read a structure’s records newest first, at the tab’s default limit, and page older ones', async () => {
    const first = await page('search.transactions', { rootGroupId: ROOT });
    expect(first.limit).toBe(TAB_LIMITS.transactions);
    expect(first.rows).toHaveLength(100);
    expect(first.more).toBe(true);
    expect(first.rows[0]?.createdDate).toBe(at(129).toISOString());
    const next = await page('search.transactions', {
      rootGroupId: ROOT,
      before: first.rows.at(-1)?.createdDate,
    });
    expect(next.rows).toHaveLength(30);
    expect(next.more).toBe(false);
    expect(next.rows.every((r) => r.rootGroupId === ROOT)).toBe(true);
    const backups = await page('search.backups', { rootGroupId: ROOT });
    expect(backups.rows.map((r) => r.backupId)).toEqual([
      'b11',
      'b10',
      'b9',
      'b8',
      'b7',
      'b6',
      'b5',
      'b4',
      'b3',
      'b2',
    ]);
  });

  it('answer each tab at its own default limit (seed 001 §9), and at most 500', async () => {
    const defaults: [string, number][] = [
      ['search.transactions', TAB_LIMITS.transactions],
      ['search.syncUpdates', TAB_LIMITS.syncUpdates],
      ['search.connections', TAB_LIMITS.connections],
      ['search.logs', TAB_LIMITS.logs],
      ['search.releaseQueue', TAB_LIMITS.releaseQueue],
      ['search.backups', TAB_LIMITS.backups],
      ['search.accessRequests', TAB_LIMITS.accessRequests],
      ['search.deviceStatus', TAB_LIMITS.deviceStatus],
    ];
    for (const [id, limit] of defaults) {
      expect((await page(id, { rootGroupId: ROOT })).limit, id).toBe(limit);
    }
    expect(TAB_LIMITS).toMatchObject({
      transactions: 100,
      syncUpdates: 500,
      accessRequests: 50,
      deviceStatus: 10,
    });
    const all = await page('search.transactions', { rootGroupId: ROOT, limit: 500 });
    expect(all.rows).toHaveLength(130);
    expect(all.more).toBe(false);
  });

  it('filter transactions by text, class, success and dates', async () => {
    const text = await page('search.transactions', { rootGroupId: ROOT, text: 'USER-12', limit: 500 });
    expect(text.rows.map((r) => (r.messages as { clientId: string }[])[0]?.clientId).sort()).toEqual([
      'user-12',
      'user-120',
      'user-121',
      'user-122',
      'user-123',
      'user-124',
      'user-125',
      'user-126',
      'user-127',
      'user-128',
      'user-129',
    ]);
    // Regex characters are searched as text.
    expect((await page('search.transactions', { rootGroupId: ROOT, text: '.*' })).rows).toHaveLength(0);
    const failed = await page('search.transactions', {
      rootGroupId: ROOT,
      classes: ['system'],
      success: false,
      start: at(20).toISOString(),
      end: at(60).toISOString(),
    });
    expect(failed.rows.map((r) => r.createdDate)).toEqual(
      [at(60), at(50), at(40), at(30), at(20)].map((d) => d.toISOString()),
    );
  });

  it('refuse bad input with a 400 and a message', async () => {
    for (const body of [
      { rootGroupId: ROOT, limit: 501 },
      { rootGroupId: ROOT, limit: 0 },
      { rootGroupId: 'x y' },
      { rootGroupId: ROOT, before: 'yesterday' },
      { rootGroupId: ROOT, filter: { $where: '1' } },
    ]) {
      const f = failure(await h.call('search.transactions', { caller: support(), body }));
      expect(f.statusCode, JSON.stringify(body)).toBe(400);
    }
    const swapped = failure(
      await h.call('search.syncUpdates', {
        caller: support(),
        body: { rootGroupId: ROOT, start: at(9).toISOString(), end: at(1).toISOString() },
      }),
    );
    expect(swapped.statusCode).toBe(400);
    expect(swapped.message).toMatch(/start date is after the end date/);
  });

  it('never return secrets', async () => {
    const sync = await page('search.syncUpdates', { rootGroupId: ROOT });
    expect(JSON.stringify(sync.rows)).not.toContain('leak-key');
    expect(JSON.stringify(sync.rows)).toContain('"configNumber":7');
  });

  it('split notifications by structure and list every agent record of a type', async () => {
    const agents = (type: string) =>
      h.call('search.agents', { caller: support(), params: { type }, body: { rootGroupId: ROOT } });
    const n = data<StructureNotifications>(
      await h.call('search.notifications', { caller: support(), body: { rootGroupId: ROOT } }),
    );
    expect(n.thisStructure.map((r) => r.id)).toEqual(['n1']);
    expect(n.others.map((r) => r.id)).toEqual(['n2']);
    expect(n.thisStructure[0]?.email).toBe('tabs@example.com');
    const alexa = data<StructureAgents>(await agents('alexa'));
    expect(alexa.records).toHaveLength(2);
    const google = data<StructureAgents>(await agents('google'));
    expect(google.records).toHaveLength(0);
    const bad = await agents('siri');
    expect(failure(bad).statusCode).toBe(400);
  });

  it('refuse callers without the support or dev role, server-side', async () => {
    for (const id of ['search.transactions', 'search.logs', 'search.deviceStatus', 'search.notifications']) {
      const reply = await h.call(id, {
        caller: h.staff(['marketing', 'stats']),
        body: { rootGroupId: ROOT },
      });
      expect(failure(reply).statusCode, id).toBe(403);
    }
    const dev = await h.call('search.logs', { caller: h.staff(['dev']), body: { rootGroupId: ROOT } });
    expect(dev.ok).toBe(true);
  });
});
