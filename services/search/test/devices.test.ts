import type { DeviceListRow, DeviceWithCommands } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { data, failure, startSearch } from './harness.ts';

const h = useSuite(() => startSearch({ customers: 20 }));

const list = async () => data<DeviceListRow[]>(await h.call('search.devicesList'));
const devices = async (query: Record<string, unknown> = {}) =>
  data<DeviceWithCommands[]>(await h.call('search.devices', { query }));

const TYPE_KEYS = ['active', 'deviceTypeId', 'heating', 'name', 'wlfCode'];
const COMMAND_KEYS = ['description', 'deviceTypeValueId', 'value', 'wlfCode'];

describe('the public device list (/devices)', () => {
  it('lists every device type of the catalogue without a caller, with its command count', async () => {
    const { rows } = await h.pool.query(
      `select t.device_type_id, t.name, t.wlf_code, t.active, t.is_heating,
              (select count(*)::int from device_type_values v where v.device_type_id = t.device_type_id) as n
         from device_types t order by t.device_type_id`,
    );
    expect(rows.length).toBeGreaterThan(5);
    const answer = await list();
    expect(answer).toEqual(
      rows.map((r) => ({
        deviceTypeId: r.device_type_id,
        name: r.name,
        wlfCode: r.wlf_code,
        heating: r.is_heating === 1,
        active: r.active === 1,
        commandCount: r.n,
      })),
    );
    expect(answer.some((t) => t.heating)).toBe(true);
    // A signed-in caller of any role sees the same list.
    expect(data(await h.call('search.devicesList', { caller: h.staff(['marketing']) }))).toEqual(answer);
  });

  it('gives every type its commands, and one type with ?type=', async () => {
    const all = await devices();
    expect(all.map((t) => t.deviceTypeId)).toEqual((await list()).map((t) => t.deviceTypeId));
    const { rows } = await h.pool.query(
      'select device_type_value_id, device_type_id, value, wlf_code, description from device_type_values order by 1',
    );
    expect(all.flatMap((t) => t.commands.map((c) => c.deviceTypeValueId)).sort((a, b) => a - b)).toEqual(
      rows.map((r) => r.device_type_value_id),
    );
    const dimmer = rows.filter((r) => r.device_type_id === 2);
    expect(dimmer.length).toBeGreaterThan(1);
    const [one] = await devices({ type: '2' });
    expect(one).toEqual(all.find((t) => t.deviceTypeId === 2));
    expect(one?.commands).toEqual(
      dimmer.map((r) => ({
        deviceTypeValueId: r.device_type_value_id,
        value: r.value,
        wlfCode: r.wlf_code,
        description: r.description,
      })),
    );
    // A type without commands is listed with none.
    const [none] = await devices({ type: '0' });
    expect(none).toMatchObject({ deviceTypeId: 0, commands: [] });
  });

  it('answers with the catalogue only: no serial, device, WFL or customer field', async () => {
    const all = await devices();
    for (const t of all) {
      expect(Object.keys(t).sort()).toEqual([...TYPE_KEYS, 'commands'].sort());
      for (const c of t.commands) expect(Object.keys(c).sort()).toEqual(COMMAND_KEYS);
    }
    for (const t of await list())
      expect(Object.keys(t).sort()).toEqual([...TYPE_KEYS, 'commandCount'].sort());
    const { rows } = await h.pool.query(
      `select d.serial, u.email, w.mac from devices d join wfls w on w.wfl_id = d.wfl_id
         join users u on u.user_id = w.user_id limit 20`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const text = JSON.stringify([all, await list()]);
    for (const r of rows) {
      expect(text).not.toContain(r.serial);
      expect(text).not.toContain(r.email);
      expect(text).not.toContain(r.mac);
    }
  });

  it('404s an unknown type and refuses hostile input with a 400 that names the field', async () => {
    expect(failure(await h.call('search.devices', { query: { type: '999999' } }))).toMatchObject({
      statusCode: 404,
      message: 'There is no device type 999999.',
    });
    for (const type of [
      'abc',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      ' 7',
      '',
      '99999999999',
      "1' or '1'='1",
      '1; drop table device_types',
      ['1', '2'],
    ]) {
      const e = failure(await h.call('search.devices', { query: { type } }));
      expect(e.statusCode, JSON.stringify(type)).toBe(400);
      expect(e.message, JSON.stringify(type)).toMatch(/^query type: /);
    }
    const extra = failure(await h.call('search.devices', { query: { type: '1', serial: 'x' } }));
    expect(extra).toMatchObject({ statusCode: 400, message: expect.stringMatching(/^query/) });
    expect(failure(await h.call('search.devicesList', { query: { type: '1' } })).statusCode).toBe(400);
    // Nothing was harmed.
    expect((await list()).length).toBeGreaterThan(5);
  });
});
