import {
  ENERGY_DEVICE_TYPE,
  type Gen1MetaData,
  HEATING_DEVICE_TYPES,
  type LinkPlusStatus,
  WFL_LINK_LIMITS,
  type WflLink,
} from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { data, failure, useSearch } from './harness.ts';

const { h, support } = useSearch();
const get = async <T>(op: string, params: Record<string, unknown>) =>
  data<T>(await h.call(op, { caller: support(), params }));
const status = async (op: string, params: Record<string, unknown>, roles: string[] = ['support']) =>
  failure(await h.call(op, { caller: h.staff(roles as never), params })).statusCode;

describe('getMetaData: the metadata errors of an account', () => {
  it('finds devices in a room of another WFL, devices and heating plans naming what is gone', async () => {
    const clean = await h.one<{ user_id: string }>(
      `select u.user_id from users u where exists (select 1 from wfls w where w.user_id = u.user_id)
        order by u.user_id limit 1`,
    );
    const before = await get<Gen1MetaData>('search.getMetaData', { userId: clean.user_id });
    expect(before).toEqual({ userId: Number(clean.user_id), errors: [] });

    const d = await h.one<{ device_id: string; wfl_id: string; user_id: string }>(
      `select d.device_id, d.wfl_id, w.user_id from devices d join wfls w on w.wfl_id = d.wfl_id
        where d.room_id is not null order by d.device_id limit 1 offset 40`,
    );
    const other = await h.one<{ wfl_id: string }>('select wfl_id from wfls where wfl_id <> $1 limit 1', [
      d.wfl_id,
    ]);
    const gone = await h.one<{ device_id: string }>(
      `select d.device_id from devices d join wfls w on w.wfl_id = d.wfl_id
        where w.user_id = $1 and d.device_id <> $2 and d.room_id is not null limit 1`,
      [d.user_id, d.device_id],
    );
    // One device moved to another WFL (its room stays), one whose WFL disappears, a plan naming no device.
    await h.pool.query('update devices set wfl_id = $2 where device_id = $1', [d.device_id, other.wfl_id]);
    if (gone)
      await h.pool.query('update devices set wfl_id = 888888888 where device_id = $1', [gone.device_id]);
    await h.pool.query(
      'insert into heating_plans (id, device_id, wfl_id) values (888888881, 888888882, $1)',
      [d.wfl_id],
    );
    const after = await get<Gen1MetaData>('search.getMetaData', { userId: d.user_id });
    expect(after.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'deviceInOtherWflRoom', id: Number(d.device_id) }),
        expect.objectContaining({ kind: 'heatingPlanWithoutDevice', id: 888888881 }),
        ...(gone ? [expect.objectContaining({ kind: 'deviceWithoutWfl', id: Number(gone.device_id) })] : []),
      ]),
    );
    expect(after.errors.find((e) => e.kind === 'heatingPlanWithoutDevice')?.message).toBe(
      'Heating plan 888888881 names device 888888882, which does not exist.',
    );

    expect(await status('search.getMetaData', { userId: '987654321' })).toBe(404);
    expect(await status('search.getMetaData', { userId: 'abc' })).toBe(400);
    expect(await status('search.getMetaData', { userId: clean.user_id }, ['stats'])).toBe(403);
  });
});

describe('the Link Plus indicator', () => {
  it('is on when a Gen2 user has the e-mail, in any case, and off otherwise', async () => {
    const gen1 = (await h.pool.query<{ user_id: string; email: string }>('select user_id, email from users'))
      .rows;
    const gen2 = await h.db
      .collection('users')
      .find(
        { email: { $in: gen1.map((u) => u.email.toLowerCase()) } },
        { projection: { email: 1, userId: 1 } },
      )
      .toArray();
    const both = gen1.find((u) => u.email.toLowerCase() === gen2[0]?.email);
    const only = gen1.find((u) => !gen2.some((g) => g.email === u.email.toLowerCase()));
    if (!both || !only) throw new Error('the world has no customer with both generations, or none with one');
    await h.pool.query('update users set email = upper(email) where user_id = $1', [both.user_id]);
    const yes = await get<LinkPlusStatus>('search.linkPlus', { userId: both.user_id });
    expect(yes).toEqual({
      email: both.email.toUpperCase(),
      linkPlus: true,
      gen2UserId: String(gen2[0]?.userId),
    });
    const no = await get<LinkPlusStatus>('search.linkPlus', { userId: only.user_id });
    expect(no).toEqual({ email: only.email, linkPlus: false, gen2UserId: null });
    expect(await status('search.linkPlus', { userId: '987654321' })).toBe(404);
  });
});

describe("the 'LWRF Links' box of a WFL", () => {
  it('gives the last command time, devices by group with their last update, and timeouts by day', async () => {
    const w = await h.one<{ wfl_id: string; mac: string }>(
      `select w.wfl_id, w.mac from wfls w
        where exists (select 1 from devices d join latest_energy e on e.serial = d.serial and e.mac = w.mac
                       where d.wfl_id = w.wfl_id and d.device_type_id = 13)
          and exists (select 1 from command_queue c where c.mac = w.mac and not c.reply)
        order by w.wfl_id limit 1`,
    );
    const box = await get<WflLink>('search.wflLink', { wflId: w.wfl_id });
    expect(box.mac).toBe(w.mac);
    const last = await h.one<{ at: Date }>(
      'select max(request_date) as at from command_queue where mac = $1',
      [w.mac],
    );
    expect(box.lastCommandAt).toBe(last.at.toISOString());

    const devices = (
      await h.pool.query<{ device_id: string; device_type_id: number }>(
        'select device_id, device_type_id from devices where wfl_id = $1',
        [w.wfl_id],
      )
    ).rows;
    const ids = (pick: (t: number) => boolean) =>
      devices
        .filter((d) => pick(d.device_type_id))
        .map((d) => Number(d.device_id))
        .sort((a, b) => a - b);
    const heating = new Set<number>(HEATING_DEVICE_TYPES);
    expect(box.devices.energy.map((d) => d.device_id)).toEqual(ids((t) => t === ENERGY_DEVICE_TYPE));
    expect(box.devices.heating.map((d) => d.device_id)).toEqual(ids((t) => heating.has(t)));
    expect(box.devices.other.map((d) => d.device_id)).toEqual(
      ids((t) => t !== ENERGY_DEVICE_TYPE && !heating.has(t)),
    );
    const metered = box.devices.energy.find((d) => d.lastUpdated !== null);
    const reading = await h.one<{ time: Date }>(
      'select time from latest_energy where serial = $1 and mac = $2',
      [metered?.serial, w.mac],
    );
    expect(metered?.lastUpdated).toBe(reading.time.toISOString());

    // Newest day first, newest command first, at most 7 days; each row one without a reply.
    const days = box.timeouts.map((t) => t.day);
    expect(days.length).toBeGreaterThan(0);
    expect(days.length).toBeLessThanOrEqual(WFL_LINK_LIMITS.timeoutDays);
    expect([...days].sort().reverse()).toEqual(days);
    const first = box.timeouts[0]?.commands[0];
    const newest = await h.one<{ id: string; command: string; email: string }>(
      'select id, command, email from command_queue where mac = $1 and not reply order by request_date desc limit 1',
      [w.mac],
    );
    expect(first).toMatchObject({ id: Number(newest.id), command: newest.command, email: newest.email });
    for (const t of box.timeouts) for (const c of t.commands) expect(c.time.slice(0, 10)).toBe(t.day);

    expect(await status('search.wflLink', { wflId: '987654321' })).toBe(404);
    expect(await status('search.wflLink', { wflId: 'x1' })).toBe(400);
  });
});
