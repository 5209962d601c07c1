import type { HubDoc, SupportPlusQueryResult } from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, failure, useSearch } from './harness.ts';

const { h, support } = useSearch();
let hub: HubDoc;
const query = (body: unknown, caller = support()) => h.call('search.query', { caller, body });

beforeAll(async () => {
  hub = (await h.db.collection<HubDoc>('hubs').findOne({ rootGroupId: { $ne: null } })) as HubDoc;
  // Secrets as a careless writer might leave them, to prove they never come back.
  await h.db.collection('users').insertOne({
    userId: 'secret-holder',
    email: 'secret@example.com',
    passwordHash: '$argon2id$leak',
    authUser: { email: 'secret@example.com', refreshToken: 'rt-leak' },
    rootGroupIds: [],
    createdDate: new Date(),
  });
  await h.db.collection('syncupdates').insertOne({
    rootGroupId: hub.rootGroupId,
    linkId: hub.hubId,
    createdDate: new Date(),
    state: { type: 'sync', subType: 'full', caller: 'user', errorCount: 0 },
    data: [
      {
        authedHubObj: {
          authPayload: {
            configNumber: 7,
            factoryConfig: 1,
            deviceMinId: 3,
            key: 'leak-key',
            signature: 'leak-sig',
          },
        },
      },
    ],
  });
});

describe('the generic Support Plus query', () => {
  it('reads one database with a filter, sort, projection and limit', async () => {
    const r = data<SupportPlusQueryResult>(
      await query({
        database: 'hubs',
        filter: { rootGroupId: hub.rootGroupId },
        sort: { hubId: 1 },
        project: { hubId: 1, serial: 1 },
      }),
    );
    expect(r.documents.map((d) => d.hubId)).toContain(hub.hubId);
    expect(Object.keys(r.documents[0] ?? {}).sort()).toEqual(['_id', 'hubId', 'serial']);
    expect(r.limit).toBe(150);
    const count = data<{ count: number }>(
      await h.call('search.count', {
        caller: support(),
        body: { database: 'hubs', filter: { rootGroupId: hub.rootGroupId } },
      }),
    );
    expect(count.count).toBe(r.returned);
    const dated = data<SupportPlusQueryResult>(
      await query({ database: 'hubs', filter: { createdDate: { $lt: { $date: '2000-01-01T00:00:00Z' } } } }),
    );
    expect(dated.returned).toBe(0);
  });

  it('never returns secret fields, even when asked for them', async () => {
    const r = data<SupportPlusQueryResult>(
      await query({ database: 'users', filter: { userId: 'secret-holder' } }),
    );
    expect(JSON.stringify(r)).not.toMatch(/leak/);
    expect(r.documents[0]).toMatchObject({
      email: 'secret@example.com',
      authUser: { email: 'secret@example.com' },
    });
    expect(
      failure(await query({ database: 'users', filter: {}, project: { passwordHash: 1 } })).statusCode,
    ).toBe(400);
    const s = data<SupportPlusQueryResult>(
      await query({ database: 'syncupdates', filter: { linkId: hub.hubId } }),
    );
    expect(JSON.stringify(s)).not.toMatch(/leak/);
    expect(JSON.stringify(s)).toMatch(/"configNumber":7/);
  });

  it('refuses injection payloads with a 400 naming the key, fast, leaking nothing', async () => {
    const attacks: [unknown, RegExp][] = [
      [{ $where: 'function() { while (true) {} }' }, /\$where/],
      [{ hubId: { $function: { body: 'return 1', args: [], lang: 'js' } } }, /\$function/],
      [{ $expr: { $gt: ['$hubId', 0] } }, /\$expr/],
      [{ $and: [{ $or: [{ $expr: { $eq: [1, 1] } }] }] }, /\$expr/],
      [{ hubId: { $accumulator: {} } }, /\$accumulator/],
      [{ serial: { $regex: '^x', $unknownOp: 1 } }, /\$unknownOp/],
      [{ stats: { history: { $gt: 0 } } }, /\$gt/],
      [JSON.parse('{"__proto__": {"polluted": true}}'), /__proto__/],
      [{ constructor: { prototype: { polluted: true } } }, /constructor/],
      [{ serial: { $regex: `^${'a'.repeat(200)}` } }, /100 characters/],
      [{ serial: { $regex: '(a+)+$' } }, /repeated group/],
      [{ email: 'x@example.com' }, /"email" cannot be queried in hubs/],
      [{ 'lock.locked': { $in: Array.from({ length: 500 }, (_, i) => i) } }, /200 values/],
    ];
    for (const [filter, named] of attacks) {
      const started = performance.now();
      const e = failure(await query({ database: 'hubs', filter }));
      expect(e.statusCode, JSON.stringify(filter).slice(0, 80)).toBe(400);
      expect(e.message).toMatch(named);
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses databases outside the list, oversized limits and unknown body fields', async () => {
    expect(failure(await query({ database: 'transactions', filter: {} })).statusCode).toBe(400);
    expect(failure(await query({ database: 'supportnotes', filter: {} })).statusCode).toBe(400);
    expect(failure(await query({ database: 'hubs', filter: {}, limit: 501 })).statusCode).toBe(400);
    expect(failure(await query({ database: 'hubs', filter: {}, $where: '1' })).statusCode).toBe(400);
    expect(
      failure(
        await h.call('search.count', {
          caller: support(),
          body: { database: 'hubs', filter: { $where: '1' } },
        }),
      ).message,
    ).toMatch(/\$where/);
  });

  it('checks roles per database, and shows the query as run to developers only', async () => {
    expect(failure(await query({ database: 'users_old', filter: {} })).statusCode).toBe(403);
    const dev = data<SupportPlusQueryResult>(
      await query({ database: 'users_old', filter: {}, debug: true, limit: 1 }, h.staff(['dev'])),
    );
    expect(dev.debug).toBeDefined();
    const plain = data<SupportPlusQueryResult>(
      await query({ database: 'hubs', filter: {}, debug: true, limit: 1 }),
    );
    expect(plain.debug).toBeUndefined();
    expect(failure(await query({ database: 'hubs', filter: {} }, h.staff(['accounts']))).statusCode).toBe(
      403,
    );
  });
});
