import {
  ApiError,
  displayMac,
  type Gen1Account,
  type Gen1DeviceView,
  type Gen1Inconsistency,
  type Gen1User,
  type HeatingPlan,
  type MacAccounts,
  type Mood,
  type Room,
  type TimerEvent,
  type Wfl,
  type Zone,
} from '@console/contracts';
import { one, rows } from '../sql.ts';
import { Gen1Tables } from './gen1-tables.ts';
import { DEVICE_COLUMNS, USER_COLUMNS, WFL_COLUMNS } from './statements.ts';
import { type DeviceRow, deviceView, wflView } from './views.ts';

const DEVICE_FROM = `from devices d left join wfls w on w.wfl_id = d.wfl_id
  left join device_types t on t.device_type_id = d.device_type_id left join rooms r on r.room_id = d.room_id`;

/** One Gen1 account in full (findExtra), devices by id, and the accounts sharing a MAC. */
export class Gen1Accounts extends Gen1Tables {
  async account(userId: number): Promise<Gen1Account> {
    const q = <T extends object>(text: string, values: unknown[]) => rows<T>(this.pool, text, values);
    const user = await one<Gen1User>(this.pool, `select ${USER_COLUMNS} from users u where u.user_id = $1`, [
      userId,
    ]);
    if (!user) throw new ApiError(404, 'No account with that user id.');
    const wfls = await q<Wfl>(`select ${WFL_COLUMNS} from wfls w where w.user_id = $1 order by w.wfl_id`, [
      userId,
    ]);
    const wflIds = wfls.map((w) => w.wfl_id);
    const rooms = await q<Room>(
      'select room_id, wfl_id, name, room_number from rooms where wfl_id = any($1::bigint[]) order by wfl_id, room_number',
      [wflIds],
    );
    const roomIds = rooms.map((r) => r.room_id);
    const [devices, moods, zones, timers] = await Promise.all([
      q<DeviceRow>(
        `select ${DEVICE_COLUMNS} ${DEVICE_FROM} where d.wfl_id = any($1::bigint[]) or d.room_id = any($2::bigint[]) order by d.device_id`,
        [wflIds, roomIds],
      ),
      q<Mood>(
        'select mood_id, room_id, name, mood_number, rank from moods where room_id = any($1::bigint[]) order by room_id, rank',
        [roomIds],
      ),
      q<Zone>('select zone_id, wfl_id, name from zones where wfl_id = any($1::bigint[]) order by zone_id', [
        wflIds,
      ]),
      q<TimerEvent>(
        `select timer_id, wfl_id, mac, kind, name, start, "end", device_value, start_time_type, minutes_before_after,
           start_time, start_date, end_date, rank from timers where wfl_id = any($1::bigint[]) order by wfl_id, rank`,
        [wflIds],
      ),
    ]);
    const deviceIds = devices.map((d) => d.device_id);
    const heatingPlans = await q<HeatingPlan>(
      'select id, device_id, wfl_id from heating_plans where wfl_id = any($1::bigint[]) or device_id = any($2::bigint[]) order by id',
      [wflIds, deviceIds],
    );
    const now = this.now();
    return {
      user,
      wfls: wfls.map((w) => wflView(w, now)),
      rooms,
      devices: devices.map(deviceView),
      moods,
      zones,
      timers,
      heatingPlans,
      inconsistencies: await this.inconsistencies(devices, heatingPlans),
      sharedMacs: (await this.byMacs(wfls.map((w) => w.mac))).filter((m) => m.accounts.length > 1),
    };
  }

  /** Seed 000 §8: heating plans whose WFL or device does not exist, devices whose WFL does not exist. */
  private async inconsistencies(devices: DeviceRow[], plans: HeatingPlan[]): Promise<Gen1Inconsistency[]> {
    const out: Gen1Inconsistency[] = [];
    for (const d of devices) {
      if (d.wflName === null) {
        out.push({
          kind: 'deviceWithoutWfl',
          id: d.device_id,
          message: `Device ${d.device_id} (${d.name}) names WFL ${d.wfl_id}, which does not exist.`,
        });
      }
    }
    if (plans.length === 0) return out;
    const [wfls, devs] = await Promise.all([
      rows<{ id: number }>(this.pool, 'select wfl_id as id from wfls where wfl_id = any($1::bigint[])', [
        plans.map((p) => p.wfl_id),
      ]),
      rows<{ id: number }>(
        this.pool,
        'select device_id as id from devices where device_id = any($1::bigint[])',
        [plans.map((p) => p.device_id)],
      ),
    ]);
    const wflSet = new Set(wfls.map((r) => r.id));
    const devSet = new Set(devs.map((r) => r.id));
    for (const p of plans) {
      if (!wflSet.has(p.wfl_id)) {
        out.push({
          kind: 'heatingPlanWithoutWfl',
          id: p.id,
          message: `Heating plan ${p.id} names WFL ${p.wfl_id}, which does not exist.`,
        });
      }
      if (!devSet.has(p.device_id)) {
        out.push({
          kind: 'heatingPlanWithoutDevice',
          id: p.id,
          message: `Heating plan ${p.id} names device ${p.device_id}, which does not exist.`,
        });
      }
    }
    return out;
  }

  async devices(ids: number[]): Promise<Gen1DeviceView[]> {
    const found = await rows<DeviceRow>(
      this.pool,
      `select ${DEVICE_COLUMNS} ${DEVICE_FROM} where d.device_id = any($1::bigint[]) order by d.device_id`,
      [ids],
    );
    return found.map(deviceView);
  }

  /** Every account with a WFL of each MAC, with the devices on that account's WFLs. */
  async byMacs(macs: string[]): Promise<MacAccounts[]> {
    const unique = [...new Set(macs)];
    if (unique.length === 0) return [];
    const found = await rows<{
      mac: string;
      wfl_id: number;
      user_id: number;
      email: string;
      username: string;
      active: 0 | 1;
      deviceCount: number;
    }>(
      this.pool,
      `select w.mac, w.wfl_id, u.user_id, u.email, u.username, u.active,
         (select count(*)::int from devices d join wfls w2 on w2.wfl_id = d.wfl_id where w2.user_id = u.user_id) as "deviceCount"
       from wfls w join users u on u.user_id = w.user_id where w.mac = any($1::text[]) order by w.mac, u.user_id`,
      [unique],
    );
    return unique.map((mac) => ({
      mac,
      macDisplay: displayMac(mac),
      accounts: found.filter((r) => r.mac === mac).map(({ mac: _m, ...a }) => a),
    }));
  }
}
