import {
  displayMac,
  type Gen1Account,
  type Gen1SearchResult,
  type MacAccounts,
  SEARCH_TEXT,
  type Suggestion,
} from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { data, failure, useSearch } from './harness.ts';

const { h, support } = useSearch();
const find = async (op: string, params: Record<string, unknown>, query: Record<string, unknown> = {}) =>
  data<Gen1SearchResult>(await h.call(op, { caller: support(), params, query }));

describe('the Gen1 support search', () => {
  it('finds an account by part of its e-mail in any case, by username, name and user id', async () => {
    const u = await h.one<{ user_id: string; email: string; username: string; name: string }>(
      'select user_id, email, username, name from users order by user_id limit 1 offset 7',
    );
    const part = u.email.split('@')[0]?.slice(2).toUpperCase() as string;
    for (const text of [part, u.username, u.name, String(u.user_id)]) {
      const r = await find('search.findUser', { text });
      expect(
        r.rows.map((x) => x.user.user_id),
        text,
      ).toContain(Number(u.user_id));
      expect(r.total).toBeGreaterThanOrEqual(r.rows.length);
    }
  });

  it('shows MACs without the vendor prefix beside the raw one', async () => {
    const w = await h.one<{ user_id: string; mac: string }>(
      "select user_id, mac from wfls where mac like '74:0A:BC:%' limit 1",
    );
    const r = await find('search.findUser', { text: w.user_id });
    const wfl = r.rows[0]?.wfls.find((x) => x.mac === w.mac);
    expect(wfl?.macDisplay).toBe(w.mac.slice(9));
    expect(wfl?.macDisplay).toBe(displayMac(w.mac));
  });

  it('needs a user, MAC or hub term, and every given term must match', async () => {
    const advanced = (params: { user: string; mac: string; wfl: string }) =>
      h.call('search.findAdvanced', { caller: support(), params });
    expect(failure(await advanced({ user: '-', mac: '-', wfl: ' - ' })).message).toBe(SEARCH_TEXT.needTerm);
    const [a, b] = (
      await h.pool.query(
        "select u.user_id, u.email, w.mac, w.wfl_id, w.name from users u join wfls w on w.user_id = u.user_id where w.mac like '74:0A:BC:%' order by u.user_id limit 2",
      )
    ).rows;
    const shown = displayMac(a.mac).replace(/:/g, '');
    const both = await find('search.findAdvanced', { user: a.email, mac: shown, wfl: '-' });
    expect(both.rows.map((x) => x.user.user_id)).toEqual([Number(a.user_id)]);
    expect(both.rows[0]?.wfls.map((w) => w.mac)).toEqual([a.mac]);
    const mismatch = await find('search.findAdvanced', { user: a.email, mac: b.mac, wfl: '-' });
    expect(mismatch.rows).toEqual([]);
    const byWfl = await find('search.findAdvanced', {
      user: '-',
      mac: a.mac.toLowerCase().replace(/:/g, '-'),
      wfl: String(a.wfl_id),
    });
    expect(byWfl.rows.map((x) => x.user.user_id)).toEqual([Number(a.user_id)]);
    expect(failure(await advanced({ user: '-', mac: 'zz:zz', wfl: '-' })).statusCode).toBe(400);
  });

  it('finds accounts by device name or serial, and by device id, with the devices that matched', async () => {
    const d = await h.one<{ device_id: string; serial: string; name: string; user_id: string }>(
      'select d.device_id, d.serial, d.name, w.user_id from devices d join wfls w on w.wfl_id = d.wfl_id order by d.device_id limit 1 offset 11',
    );
    const bySerial = await find('search.findByDevice', { name: d.serial.toLowerCase() });
    expect(bySerial.rows[0]?.user.user_id).toBe(Number(d.user_id));
    expect(bySerial.rows[0]?.devices.map((x) => x.device_id)).toContain(Number(d.device_id));
    const byName = await find('search.findByDevice', { name: d.name }, { limit: 80 });
    expect(
      byName.rows.every((r) =>
        r.devices.every(
          (x) =>
            `${x.name}`.toLowerCase().includes(d.name.toLowerCase()) ||
            x.serial.startsWith(d.name.toUpperCase()),
        ),
      ),
    ).toBe(true);
    const byId = await find('search.findByDeviceId', { id: d.device_id });
    expect(byId.rows.map((r) => r.user.user_id)).toEqual([Number(d.user_id)]);
    expect(byId.rows[0]?.devices[0]).toMatchObject({
      device_id: Number(d.device_id),
      typeName: expect.any(String),
    });
  });

  it('lists commercial accounts and accounts by WFL firmware, in pages of 20, 40 or 80', async () => {
    const commercial = await h.one<{ n: string }>(
      "select count(*) as n from users where role in ('commercial', 'api_user')",
    );
    const c = await find('search.findCommercial', {}, { limit: '80' });
    expect(c.total).toBe(Number(commercial.n));
    expect(c.rows.every((r) => r.user.role === 'commercial' || r.user.role === 'api_user')).toBe(true);
    const fw = await find('search.findFirmware', { text: '2.95' }, { limit: 20 });
    expect(fw.rows.length).toBeGreaterThan(0);
    expect(fw.rows.every((r) => r.wfls.some((w) => w.firmware?.startsWith('V2.95')))).toBe(true);
    const first = await find('search.findFirmware', { text: 'V2.9' }, { limit: 20, offset: 0 });
    const second = await find('search.findFirmware', { text: 'V2.9' }, { limit: 20, offset: 20 });
    expect(first.rows.length).toBe(20);
    const ids = new Set(first.rows.map((r) => r.user.user_id));
    expect(second.rows.some((r) => ids.has(r.user.user_id))).toBe(false);
    const past = await find('search.findFirmware', { text: 'V2.9' }, { limit: 20, offset: 1000 });
    expect(past).toMatchObject({ rows: [], total: first.total, totalExact: first.totalExact });
    expect(
      failure(await h.call('search.findCommercial', { caller: support(), query: { limit: 33 } })).statusCode,
    ).toBe(400);
  });

  it('suggests from two characters, at most ten, and refuses one', async () => {
    const u = await h.one<{ email: string }>('select email from users order by user_id limit 1');
    const s = data<Suggestion[]>(
      await h.call('search.autocomplete', { caller: support(), params: { text: u.email.slice(0, 2) } }),
    );
    expect(s.length).toBeGreaterThan(0);
    expect(s.length).toBeLessThanOrEqual(10);
    expect(
      s.every((x) => x.value.toLowerCase().includes(u.email.slice(0, 2).toLowerCase()) || x.kind === 'mac'),
    ).toBe(true);
    expect(
      failure(await h.call('search.autocomplete', { caller: support(), params: { text: 'a' } })).statusCode,
    ).toBe(400);
  });
});

describe('one account in full', () => {
  it('lists everything of the account and the data inconsistencies', async () => {
    const d = await h.one<{ device_id: string; wfl_id: string; user_id: string; room_id: string }>(
      'select d.device_id, d.wfl_id, w.user_id, d.room_id from devices d join wfls w on w.wfl_id = d.wfl_id where d.room_id is not null order by d.device_id limit 1',
    );
    // A device left naming a WFL that is gone, and a heating plan naming a device that is gone.
    await h.pool.query('update devices set wfl_id = 999999999 where device_id = $1', [d.device_id]);
    await h.pool.query(
      'insert into heating_plans (id, device_id, wfl_id) values (999999999, 999999998, $1)',
      [d.wfl_id],
    );
    const a = data<Gen1Account>(
      await h.call('search.findExtra', { caller: support(), params: { userId: d.user_id } }),
    );
    expect(a.user.user_id).toBe(Number(d.user_id));
    expect(a.wfls.length).toBeGreaterThan(0);
    expect(a.rooms.length).toBeGreaterThan(0);
    expect(a.devices.find((x) => x.device_id === Number(d.device_id))?.wflName).toBeNull();
    expect(a.inconsistencies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'deviceWithoutWfl', id: Number(d.device_id) }),
        expect.objectContaining({ kind: 'heatingPlanWithoutDevice', id: 999999999 }),
      ]),
    );
    expect(
      failure(await h.call('search.findExtra', { caller: support(), params: { userId: '987654321' } }))
        .statusCode,
    ).toBe(404);
    const devices = data<unknown[]>(
      await h.call('search.findExtraDevice', {
        caller: support(),
        params: { ids: `${a.devices[0]?.device_id},${a.devices[0]?.device_id}` },
      }),
    );
    expect(devices).toHaveLength(1);
  });

  it('warns of several accounts on one MAC, with their device counts', async () => {
    const [a, b] = (
      await h.pool.query('select w.wfl_id, w.mac, w.user_id from wfls w order by w.wfl_id limit 2 offset 30')
    ).rows;
    await h.pool.query('update wfls set mac = $1 where wfl_id = $2', [a.mac, b.wfl_id]);
    const m = data<MacAccounts>(
      await h.call('search.findUserByMac', { caller: support(), params: { mac: displayMac(a.mac) } }),
    );
    expect(m.mac).toBe(a.mac);
    expect(m.accounts.map((x) => x.user_id).sort()).toEqual([Number(a.user_id), Number(b.user_id)].sort());
    const counted = await h.one<{ n: string }>(
      'select count(*) as n from devices d join wfls w on w.wfl_id = d.wfl_id where w.user_id = $1',
      [a.user_id],
    );
    expect(m.accounts.find((x) => x.user_id === Number(a.user_id))?.deviceCount).toBe(Number(counted.n));
    const full = data<Gen1Account>(
      await h.call('search.findExtra', { caller: support(), params: { userId: String(a.user_id) } }),
    );
    expect(full.sharedMacs.map((s) => s.mac)).toContain(a.mac);
  });
});
