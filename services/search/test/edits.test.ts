import type { AccountEditResult, Gen1Account } from '@console/contracts';
import { SEARCH_TEXT } from '@console/contracts';
import { useSuite } from '@console/kit/testing';
import { describe, expect, it } from 'vitest';
import { data, failure, startSearch } from './harness.ts';

const h = useSuite(() => startSearch());
const ann = () => h.staff(['support'], 'Ann Agent');
const notesOf = (customerId: string) => h.db.collection('supportnotes').find({ customerId }).toArray();

describe('account edits', () => {
  it('switches commercial and api_user after the optimistic check, leaving a system note naming the staff member', async () => {
    const u = await h.one<{ user_id: string; role: string | null }>(
      'select user_id, role from users where role is null order by user_id limit 1',
    );
    const caller = ann();
    const stale = failure(
      await h.call('search.editUserRole', {
        caller,
        params: { userId: u.user_id },
        body: { new: { role: 'commercial' }, old: { role: 'api_user' } },
      }),
    );
    expect(stale).toMatchObject({ statusCode: 409, message: SEARCH_TEXT.changed });
    expect(await notesOf(u.user_id)).toEqual([]);
    const r = data<AccountEditResult>(
      await h.call('search.editUserRole', {
        caller,
        params: { userId: u.user_id },
        body: { new: { role: 'commercial' }, old: { role: null } },
      }),
    );
    expect(r.user?.role).toBe('commercial');
    expect(
      (await h.one<{ role: string }>('select role from users where user_id = $1', [u.user_id])).role,
    ).toBe('commercial');
    const [note] = await notesOf(u.user_id);
    expect(note).toMatchObject({
      userId: 'system',
      automatic: true,
      staff: { email: caller.email, name: 'Ann Agent' },
    });
    expect(note?.notes).toContain(`Ann Agent <${caller.email}>`);
    expect(note?.notes).toContain('to commercial');
    expect(
      failure(
        await h.call('search.editUserRole', {
          caller,
          params: { userId: u.user_id },
          body: { new: { role: 'admin' }, old: { role: 'commercial' } },
        }),
      ).statusCode,
    ).toBe(400);
  });

  it('changes username and active, refusing a taken username', async () => {
    const [a, b] = (
      await h.pool.query('select user_id, username, active from users order by user_id limit 2')
    ).rows;
    const taken = failure(
      await h.call('search.editUserName', {
        caller: ann(),
        params: { userId: a.user_id },
        body: { new: { username: b.username.toUpperCase(), active: 1 }, old: { username: a.username } },
      }),
    );
    expect(taken.statusCode).toBe(409);
    const r = data<AccountEditResult>(
      await h.call('search.editUserName', {
        caller: ann(),
        params: { userId: a.user_id },
        body: {
          new: { username: `${a.username}x`, active: false },
          old: { username: a.username, active: a.active },
        },
      }),
    );
    expect(r.user).toMatchObject({ username: `${a.username}x`, active: 0 });
  });

  it('renames a WFL and changes its MAC from the six digits shown', async () => {
    const w = await h.one<{ wfl_id: string; user_id: string; name: string; mac: string }>(
      'select wfl_id, user_id, name, mac from wfls order by wfl_id limit 1',
    );
    const r = data<AccountEditResult>(
      await h.call('search.editWfl', {
        caller: ann(),
        params: { wflId: w.wfl_id },
        body: {
          new: { name: 'Kitchen link', mac: 'ab-cd-ef' },
          old: { name: w.name, mac: w.mac.toLowerCase() },
        },
      }),
    );
    expect(r.wfl).toMatchObject({ name: 'Kitchen link', mac: '74:0A:BC:AB:CD:EF', macDisplay: 'AB:CD:EF' });
    expect(r.customerId).toBe(String(w.user_id));
    expect(
      failure(
        await h.call('search.editWfl', {
          caller: ann(),
          params: { wflId: w.wfl_id },
          body: {
            new: { name: 'x', mac: 'not-a-mac' },
            old: { name: 'Kitchen link', mac: '74:0A:BC:AB:CD:EF' },
          },
        }),
      ).statusCode,
    ).toBe(400);
    expect(
      failure(
        await h.call('search.editWfl', {
          caller: ann(),
          params: { wflId: w.wfl_id },
          body: { new: { name: 'x', mac: 'abcdef' }, old: { name: w.name, mac: w.mac } },
        }),
      ).statusCode,
    ).toBe(409);
  });

  it('deletes a room keeping or deleting its devices', async () => {
    const deleteRoom = (room: { room_id: string; name: string }, deleteDevices: boolean) =>
      h.call('search.deleteRoom', {
        caller: ann(),
        params: { roomId: room.room_id },
        body: { old: { name: room.name }, deleteDevices },
      });
    const rooms = (
      await h.pool.query(
        'select r.room_id, r.name from rooms r where exists (select 1 from devices d where d.room_id = r.room_id) order by r.room_id limit 2',
      )
    ).rows;
    const [keep, drop] = rooms;
    const kept = (
      await h.pool.query('select device_id from devices where room_id = $1', [keep.room_id])
    ).rows.map((r) => r.device_id);
    data(await deleteRoom(keep, false));
    const after = (
      await h.pool.query('select room_id from devices where device_id = any($1::bigint[])', [kept])
    ).rows;
    expect(after).toHaveLength(kept.length);
    expect(after.every((r) => r.room_id === null)).toBe(true);
    const dropped = (
      await h.pool.query('select device_id from devices where room_id = $1', [drop.room_id])
    ).rows.map((r) => r.device_id);
    data(await deleteRoom(drop, true));
    expect(
      (await h.pool.query('select 1 from devices where device_id = any($1::bigint[])', [dropped])).rowCount,
    ).toBe(0);
    expect(
      (
        await h.pool.query('select 1 from rooms where room_id = any($1::bigint[])', [
          [keep.room_id, drop.room_id],
        ])
      ).rowCount,
    ).toBe(0);
  });

  it('deletes a WFL and a whole account with everything on them', async () => {
    const w = await h.one<{ wfl_id: string; user_id: string; mac: string }>(
      'select w.wfl_id, w.user_id, w.mac from wfls w where exists (select 1 from devices d where d.wfl_id = w.wfl_id) order by w.wfl_id desc limit 1',
    );
    data(
      await h.call('search.deleteWfl', {
        caller: ann(),
        params: { wflId: w.wfl_id },
        body: { old: { mac: w.mac } },
      }),
    );
    expect((await h.pool.query('select 1 from devices where wfl_id = $1', [w.wfl_id])).rowCount).toBe(0);
    expect((await h.pool.query('select 1 from heating_plans where wfl_id = $1', [w.wfl_id])).rowCount).toBe(
      0,
    );
    const u = await h.one<{ user_id: string; username: string; email: string }>(
      'select user_id, username, email from users where user_id in (select user_id from wfls) order by user_id desc limit 1',
    );
    data<Gen1Account>(await h.call('search.findExtra', { caller: ann(), params: { userId: u.user_id } }));
    data(
      await h.call('search.deleteUser', {
        caller: ann(),
        params: { userId: u.user_id },
        body: { old: { username: u.username, email: u.email } },
      }),
    );
    expect(
      failure(await h.call('search.findExtra', { caller: ann(), params: { userId: u.user_id } })).statusCode,
    ).toBe(404);
    expect((await h.pool.query('select 1 from wfls where user_id = $1', [u.user_id])).rowCount).toBe(0);
    expect((await notesOf(u.user_id)).map((n) => n.notes).join()).toMatch(/deleted user/);
  });

  it('is refused to roles without account edits', async () => {
    const e = failure(
      await h.call('search.deleteUser', {
        caller: h.staff(['accounts']),
        params: { userId: '1' },
        body: { old: { username: 'x' } },
      }),
    );
    expect(e.statusCode).toBe(403);
  });
});
