import type {
  AlexaDiscoveryView,
  ApiCommandLogPage,
  WflLinkView,
  WflLogPage,
  WflPlistView,
  WflTriggers,
  WflView,
} from '@console/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { data, failure, useSearch } from './harness.ts';

const { h, support } = useSearch({ customers: 120 });
const call = async <T>(op: string, params: Record<string, string>, query?: Record<string, string>) =>
  data<T>(await h.call(op, { caller: support(), params, ...(query ? { query } : {}) }));
const ids = async (sql: string) => (await h.pool.query<{ id: string }>(sql)).rows.map((r) => Number(r.id));

/** The WFL with the most public-API log rows (more than one page), and one with the most log lines. */
let apiWfl: number;
let logWfl: number;
beforeAll(async () => {
  [apiWfl] = (await ids(
    'select wfl_id as id from api_command_log group by wfl_id order by count(*) desc, wfl_id limit 1',
  )) as [number];
  [logWfl] = (await ids(
    'select wfl_id as id from wfl_logs group by wfl_id order by count(*) desc, wfl_id limit 1',
  )) as [number];
});

describe('the per-WFL panels', () => {
  it('Plist: the stored plist key by key, and nothing for a WFL without one', async () => {
    const { rows } = await h.pool.query<{ wfl_id: string; imported: string; plist: string }>(
      'select wfl_id, imported, plist from wfl_plists order by wfl_id limit 1',
    );
    const stored = rows[0];
    if (!stored) throw new Error('the world has no plist');
    const p = await call<WflPlistView>('search.wflPlist', { wflId: stored.wfl_id });
    expect(p.imported).toBe(new Date(Number(stored.imported) * 1000).toISOString());
    expect(Object.fromEntries(p.entries.map((e) => [e.key, e.value]))).toEqual(JSON.parse(stored.plist));
    expect(p.entries.length).toBeGreaterThan(3);
    const [without] = (await ids(
      'select wfl_id as id from wfls where wfl_id not in (select wfl_id from wfl_plists) limit 1',
    )) as [number];
    expect(await call<WflPlistView>('search.wflPlist', { wflId: String(without) })).toEqual({
      wfl_id: without,
      imported: null,
      entries: [],
    });
  });

  it('Command log: newest first, a page at a time with before, the stored rows in full', async () => {
    const stored = await h.pool.query<Record<string, unknown> & { time: Date; id: string }>(
      'select * from api_command_log where wfl_id = $1 order by time desc, id desc',
      [apiWfl],
    );
    expect(stored.rowCount).toBeGreaterThan(10);
    const first = await call<ApiCommandLogPage>('search.wflApiCommands', { wflId: String(apiWfl) });
    expect(first.total).toBe(stored.rowCount);
    expect(first.rows).toHaveLength(10);
    expect(first.more).toBe(true);
    const rest = await call<ApiCommandLogPage>(
      'search.wflApiCommands',
      { wflId: String(apiWfl) },
      { before: String(first.rows.at(-1)?.id), limit: '50' },
    );
    expect(rest.more).toBe(false);
    const all = [...first.rows, ...rest.rows];
    expect(all.map((r) => r.id)).toEqual(stored.rows.map((r) => Number(r.id)));
    const s = stored.rows[0] as Record<string, unknown> & { time: Date };
    expect(all[0]).toEqual({
      id: Number(s.id),
      action: s.action,
      time: s.time.toISOString(),
      type: s.type,
      device_id: s.device_id === null ? null : Number(s.device_id),
      command_value: s.command_value,
      command_description: s.command_description,
      error: s.error,
      raw: s.raw,
    });
    expect(JSON.parse(all[0]?.raw as string)).toMatchObject({
      action: s.action,
      commandValue: s.command_value,
    });
  });

  it('Log: newest first, paged with before', async () => {
    const stored = await h.pool.query<{ id: string; time: Date; level: string; text: string }>(
      'select id, time, level, text from wfl_logs where wfl_id = $1 order by time desc, id desc',
      [logWfl],
    );
    const first = await call<WflLogPage>('search.wflLogs', { wflId: String(logWfl) }, { limit: '5' });
    expect(first.rows).toEqual(
      stored.rows
        .slice(0, 5)
        .map((r) => ({ id: Number(r.id), time: r.time.toISOString(), level: r.level, text: r.text })),
    );
    expect(first.total).toBe(stored.rowCount);
    const next = await call<WflLogPage>(
      'search.wflLogs',
      { wflId: String(logWfl) },
      { before: String(first.rows[4]?.id), limit: '5' },
    );
    expect(next.rows.map((r) => r.id)).toEqual(stored.rows.slice(5, 10).map((r) => Number(r.id)));
  });

  it('Hub, Link and Trigger: the WFL, its location and account, its triggers as stored', async () => {
    const [wflId] = (await ids(
      'select wfl_id as id from wfl_triggers group by wfl_id order by count(*) desc, wfl_id limit 1',
    )) as [number];
    const w = (await h.pool.query('select * from wfls where wfl_id = $1', [wflId])).rows[0];
    const hub = await call<WflView>('search.wflHub', { wflId: String(wflId) });
    expect(hub).toMatchObject({
      wfl_id: wflId,
      mac: w.mac,
      serial: w.serial,
      firmware: w.firmware,
      heating: w.heating,
      created: Number(w.created),
      updated: Number(w.updated),
      online: false,
    });
    const link = await call<WflLinkView>('search.wflLinkPanel', { wflId: String(wflId) });
    const loc = (await h.pool.query('select * from wfl_locations where wfl_id = $1', [wflId])).rows[0];
    const user = (await h.pool.query('select * from users where user_id = $1', [w.user_id])).rows[0];
    expect(link.location).toMatchObject({ wfl_id: wflId, mac: loc.mac, lat: loc.lat, long: loc.long });
    expect(link.account).toMatchObject({ user_id: Number(user.user_id), email: user.email, name: user.name });
    expect(link.account.links).toBeGreaterThanOrEqual(1);
    const t = await call<WflTriggers>('search.wflTriggers', { wflId: String(wflId) });
    const stored = await h.pool.query('select * from wfl_triggers where wfl_id = $1 order by id', [wflId]);
    expect(t.rows).toEqual(
      stored.rows.map((r) => ({
        ...r,
        id: Number(r.id),
        wfl_id: Number(r.wfl_id),
        created: Number(r.created),
      })),
    );
  });

  it('Alexa: the discovery with its devices and error, and null for an account without one', async () => {
    const { rows } = await h.pool.query(
      'select * from alexa_discovered where error is not null order by user_id limit 1',
    );
    const s = rows[0];
    const a = await call<AlexaDiscoveryView>('search.gen1AlexaDiscovered', { userId: String(s.user_id) });
    expect(a.discovery).toEqual({
      updated: s.updated.toISOString(),
      auth_user_id: s.auth_user_id,
      devices: JSON.parse(s.devices),
      error: s.error,
    });
    const [without] = (await ids(
      'select user_id as id from users where user_id not in (select user_id from alexa_discovered) limit 1',
    )) as [number];
    const none = await call<AlexaDiscoveryView>('search.gen1AlexaDiscovered', { userId: String(without) });
    expect(none).toEqual({ user_id: without, discovery: null });
  });

  it('answers 404 for an unknown WFL or account, 400 for hostile input, 403 without a support role', async () => {
    const ops = [
      'search.wflPlist',
      'search.wflApiCommands',
      'search.wflHub',
      'search.wflLinkPanel',
      'search.wflTriggers',
      'search.wflLogs',
    ];
    for (const op of ops) {
      expect(
        failure(await h.call(op, { caller: support(), params: { wflId: '999999999999' } })).statusCode,
        op,
      ).toBe(404);
      for (const wflId of ['abc', '-1', '1 or 1=1', "1'; drop table wfls; --", '9'.repeat(40)]) {
        expect(
          failure(await h.call(op, { caller: support(), params: { wflId } })).statusCode,
          `${op} ${wflId}`,
        ).toBe(400);
      }
      expect(
        failure(await h.call(op, { caller: h.staff(['accounts']), params: { wflId: String(apiWfl) } }))
          .statusCode,
        op,
      ).toBe(403);
      expect(
        failure(await h.call(op, { caller: h.staff(['marketing']), params: { wflId: String(apiWfl) } }))
          .statusCode,
        op,
      ).toBe(403);
    }
    for (const query of [
      { before: 'x' },
      { limit: '0' },
      { limit: '51' },
      { before: '-3' },
      { other: '1' },
    ]) {
      for (const op of ['search.wflApiCommands', 'search.wflLogs']) {
        const e = failure(await h.call(op, { caller: support(), params: { wflId: String(apiWfl) }, query }));
        expect(e.statusCode, `${op} ${JSON.stringify(query)}`).toBe(400);
      }
    }
    // A before that is no row of this WFL (another WFL's row, or none) cannot say where to go on from.
    const [otherRow] = (await ids(
      `select id from api_command_log where wfl_id <> ${apiWfl} order by id limit 1`,
    )) as [number];
    for (const before of [String(otherRow), '999999999999']) {
      const e = failure(
        await h.call('search.wflApiCommands', {
          caller: support(),
          params: { wflId: String(apiWfl) },
          query: { before },
        }),
      );
      expect(e).toMatchObject({ statusCode: 400, fields: { before: 'Not a row of this WFL' } });
    }
    expect(
      failure(
        await h.call('search.gen1AlexaDiscovered', { caller: support(), params: { userId: '999999999999' } }),
      ).statusCode,
    ).toBe(404);
    expect(
      failure(await h.call('search.gen1AlexaDiscovered', { caller: support(), params: { userId: 'x' } })),
    ).toMatchObject({ statusCode: 400, fields: { userId: expect.any(String) } });
    expect(
      failure(
        await h.call('search.gen1AlexaDiscovered', { caller: h.staff(['stats']), params: { userId: '1' } }),
      ).statusCode,
    ).toBe(403);
  });
});
