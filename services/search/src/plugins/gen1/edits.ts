import {
  type AccountEditResult,
  ApiError,
  type Caller,
  displayMac,
  type Gen1User,
  macFromSearch,
  normalizeMac,
  type RoomDelete,
  SEARCH_TEXT,
  type UserDelete,
  type UserNameEdit,
  type UserRoleEdit,
  type Wfl,
  type WflDelete,
  type WflEdit,
} from '@console/contracts';
import type pg from 'pg';
import type { NoteOutbox } from '../notes/outbox.ts';
import { one, rows, transaction } from '../sql.ts';
import { Gen1Tables } from './gen1-tables.ts';
import { USER_COLUMNS, WFL_COLUMNS } from './statements.ts';
import { likeEscape } from './terms.ts';
import { wflView } from './views.ts';

type Old = Record<string, unknown>;

const norm = (field: string, v: unknown) => {
  if (v === undefined || v === null || v === '') return null;
  if (field === 'mac') return normalizeMac(String(v)) ?? macFromSearch(String(v)) ?? String(v);
  if (field === 'active') return v === true || v === 1 || v === '1' ? 1 : 0;
  return typeof v === 'number' ? v : String(v);
};

/** The optimistic check: each named field of `old` (and `updated` when given) must still be as stored. */
export function checkOld(stored: Record<string, unknown>, old: Old, fields: string[]): void {
  const compare = old.updated === undefined ? fields : [...fields, 'updated'];
  const changed = compare.filter((f) => f in old && norm(f, stored[f]) !== norm(f, old[f]));
  if (changed.length)
    throw new ApiError(409, SEARCH_TEXT.changed, Object.fromEntries(changed.map((f) => [f, 'changed'])));
}

const who = (c: Caller) => `${c.name} <${c.email}>`;

/** The account edits of seed 000 §7: one SQL transaction each, with its automatic support note. */
export class Gen1Edits extends Gen1Tables {
  private readonly outbox: NoteOutbox;
  constructor(pool: pg.Pool, outbox: NoteOutbox, now: () => Date) {
    super(pool, now);
    this.outbox = outbox;
  }

  private async run(
    caller: Caller,
    work: (
      c: pg.PoolClient,
      epoch: number,
    ) => Promise<{ customerId: number; note: string; message: string; user?: Gen1User; wfl?: Wfl }>,
  ): Promise<AccountEditResult> {
    const at = this.now();
    const { id, result } = await transaction(this.pool, async (c) => {
      const r = await work(c, Math.floor(at.getTime() / 1000));
      const noteId = await this.outbox.add(c, String(r.customerId), r.note, caller, at);
      return { id: noteId, result: r };
    });
    await this.outbox.deliver([id]);
    return {
      message: result.message,
      customerId: String(result.customerId),
      note: result.note,
      ...(result.user ? { user: result.user } : {}),
      ...(result.wfl ? { wfl: wflView(result.wfl, at) } : {}),
    };
  }

  private async lockUser(c: pg.PoolClient, userId: number): Promise<Gen1User> {
    const u = await one<Gen1User>(c, `select ${USER_COLUMNS} from users u where u.user_id = $1 for update`, [
      userId,
    ]);
    if (!u) throw new ApiError(404, 'No account with that user id.');
    return u;
  }

  private async lockWfl(c: pg.PoolClient, wflId: number): Promise<Wfl> {
    const w = await one<Wfl>(c, `select ${WFL_COLUMNS} from wfls w where w.wfl_id = $1 for update`, [wflId]);
    if (!w) throw new ApiError(404, 'No WFL with that id.');
    return w;
  }

  userRole(userId: number, body: UserRoleEdit, caller: Caller) {
    return this.run(caller, async (c, epoch) => {
      const u = await this.lockUser(c, userId);
      checkOld(u, body.old, ['role']);
      const user = await one<Gen1User>(
        c,
        `update users u set role = $2, updated = $3 where user_id = $1 returning ${USER_COLUMNS}`,
        [userId, body.new.role, epoch],
      );
      const note = `${who(caller)} changed the customer role of user ${userId} (${u.email}) from ${u.role ?? 'none'} to ${body.new.role}.`;
      return { customerId: userId, note, message: 'Role updated.', user: user as Gen1User };
    });
  }

  userName(userId: number, body: UserNameEdit, caller: Caller) {
    return this.run(caller, async (c, epoch) => {
      const u = await this.lockUser(c, userId);
      checkOld(u, body.old, ['username', 'active', 'email']);
      const username = body.new.username.trim();
      if (!username) throw new ApiError(400, 'A username cannot be blank.', { username: 'Required' });
      const taken = await one(c, 'select 1 as x from users where username ilike $1 and user_id <> $2', [
        likeEscape(username),
        userId,
      ]);
      if (taken) throw new ApiError(409, 'That username is already taken.', { username: 'Taken' });
      // The e-mail (seed 000 §2 "editable e-mail"): unchanged when not sent; another account's is refused.
      const email = body.new.email?.trim() ?? u.email;
      if (email.toLowerCase() !== u.email.toLowerCase()) {
        const used = await one(c, 'select 1 as x from users where email ilike $1 and user_id <> $2', [
          likeEscape(email),
          userId,
        ]);
        if (used) throw new ApiError(409, 'Another account has that e-mail address.', { email: 'Taken' });
      }
      const active = norm('active', body.new.active);
      const user = await one<Gen1User>(
        c,
        `update users u set username = $2, active = $3, email = $5, updated = $4 where user_id = $1 returning ${USER_COLUMNS}`,
        [userId, username, active, epoch, email],
      );
      const mailChange = email === u.email ? '' : `, e-mail ${u.email} → ${email}`;
      const note = `${who(caller)} changed user ${userId} (${u.email}): username ${u.username} → ${username}, active ${u.active} → ${active}${mailChange}.`;
      return { customerId: userId, note, message: 'User updated.', user: user as Gen1User };
    });
  }

  wfl(wflId: number, body: WflEdit, caller: Caller) {
    return this.run(caller, async (c, epoch) => {
      const w = await this.lockWfl(c, wflId);
      checkOld(w, body.old, ['name', 'mac']);
      const mac = macFromSearch(body.new.mac);
      if (!mac)
        throw new ApiError(
          400,
          'Enter a whole MAC (12 hex digits), or the 6 shown without the vendor prefix.',
          { mac: 'Not a MAC' },
        );
      const name = body.new.name.trim();
      if (!name) throw new ApiError(400, 'A WFL name cannot be blank.', { name: 'Required' });
      const wfl = await one<Wfl>(
        c,
        `update wfls w set name = $2, mac = $3, updated = $4 where wfl_id = $1 returning ${WFL_COLUMNS}`,
        [wflId, name, mac, epoch],
      );
      const note = `${who(caller)} changed WFL ${wflId}: name ${w.name} → ${name}, MAC ${displayMac(w.mac)} → ${displayMac(mac)}.`;
      return { customerId: w.user_id, note, message: 'WFL updated.', wfl: wfl as Wfl };
    });
  }

  deleteUser(userId: number, body: UserDelete, caller: Caller) {
    return this.run(caller, async (c) => {
      const u = await this.lockUser(c, userId);
      checkOld(u, body.old, ['username', 'email']);
      const wfls = (
        await rows<{ id: number }>(c, 'select wfl_id as id from wfls where user_id = $1 for update', [userId])
      ).map((r) => r.id);
      const devices = await removeDevices(c, wfls);
      await c.query('delete from users where user_id = $1', [userId]);
      const note = `${who(caller)} deleted user ${userId} (${u.email}, ${u.username}) with ${wfls.length} WFL(s) and ${devices} device(s).`;
      return { customerId: userId, note, message: 'User deleted.' };
    });
  }

  deleteWfl(wflId: number, body: WflDelete, caller: Caller) {
    return this.run(caller, async (c) => {
      const w = await this.lockWfl(c, wflId);
      checkOld(w, body.old, ['mac', 'name']);
      const devices = await removeDevices(c, [wflId]);
      await c.query('delete from wfls where wfl_id = $1', [wflId]);
      const note = `${who(caller)} deleted WFL ${wflId} (${w.name}, ${displayMac(w.mac)}) with ${devices} device(s).`;
      return { customerId: w.user_id, note, message: 'WFL deleted.' };
    });
  }

  deleteRoom(roomId: number, body: RoomDelete, caller: Caller) {
    return this.run(caller, async (c) => {
      const room = await one<{ room_id: number; name: string; wfl_id: number; user_id: number }>(
        c,
        'select r.room_id, r.name, r.wfl_id, w.user_id from rooms r join wfls w on w.wfl_id = r.wfl_id where r.room_id = $1 for update of r',
        [roomId],
      );
      if (!room) throw new ApiError(404, 'No room with that id.');
      checkOld(room, body.old, ['name']);
      let devices = 0;
      if (body.deleteDevices) {
        const ids = (
          await rows<{ id: number }>(c, 'select device_id as id from devices where room_id = $1', [roomId])
        ).map((r) => r.id);
        await c.query('delete from heating_plans where device_id = any($1::bigint[])', [ids]);
        devices =
          (await c.query('delete from devices where device_id = any($1::bigint[])', [ids])).rowCount ?? 0;
      }
      await c.query('delete from rooms where room_id = $1', [roomId]);
      const kept = body.deleteDevices
        ? `with its ${devices} device(s)`
        : 'keeping its devices (now without a room)';
      const note = `${who(caller)} deleted room ${roomId} (${room.name}) of WFL ${room.wfl_id}, ${kept}.`;
      return { customerId: room.user_id, note, message: 'Room deleted.' };
    });
  }
}

/**
 * Devices on these WFLs or in their rooms, and their heating plans (the schema keeps no foreign key
 * from them, so a cascade would leave them behind); rooms, moods, zones and timers go by cascade.
 */
async function removeDevices(c: pg.PoolClient, wflIds: number[]): Promise<number> {
  await c.query('delete from heating_plans where wfl_id = any($1::bigint[])', [wflIds]);
  const ids = await rows<{ id: number }>(
    c,
    `select device_id as id from devices where wfl_id = any($1::bigint[])
     or room_id in (select room_id from rooms where wfl_id = any($1::bigint[]))`,
    [wflIds],
  );
  const list = ids.map((r) => r.id);
  await c.query('delete from heating_plans where device_id = any($1::bigint[])', [list]);
  return (await c.query('delete from devices where device_id = any($1::bigint[])', [list])).rowCount ?? 0;
}
