import {
  ApiError,
  ENERGY_DEVICE_TYPE,
  type Gen1Inconsistency,
  type Gen1MetaData,
  HEATING_DEVICE_TYPES,
  type LinkPlusStatus,
  type UserDoc,
  WFL_LINK_LIMITS,
  type WflLink,
  type WflLinkDevice,
} from '@console/contracts';
import type { Collection } from 'mongodb';
import type pg from 'pg';
import { one, rows } from '../sql.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const HEATING = new Set<number>(HEATING_DEVICE_TYPES);

/**
 * The reads of the Gen1 status and notes panel: an account's metadata errors (getMetaData),
 * whether its e-mail has a Link Plus account, and one 'LWRF Links' box per WFL.
 */
export class Gen1Status {
  private readonly pool: pg.Pool;
  private readonly gen2Users: Collection<UserDoc>;
  constructor(pool: pg.Pool, gen2Users: Collection<UserDoc>) {
    this.pool = pool;
    this.gen2Users = gen2Users;
  }

  private async email(userId: number): Promise<string> {
    const u = await one<{ email: string }>(this.pool, 'select email from users where user_id = $1', [userId]);
    if (!u) throw new ApiError(404, 'No account with that user id.');
    return u.email;
  }

  /**
   * Seed 000 §8 on the server: heating plans whose WFL or device does not exist, devices whose WFL
   * does not exist, and devices placed in a room of another WFL. The account's devices are those on
   * its WFLs or in its rooms, its plans those naming its WFLs or devices.
   */
  async metaData(userId: number): Promise<Gen1MetaData> {
    await this.email(userId);
    const devices = await rows<{
      device_id: number;
      name: string;
      wfl_id: number;
      wfl_exists: boolean;
      room_id: number | null;
      room_wfl: number | null;
    }>(
      this.pool,
      `with w as (select wfl_id from wfls where user_id = $1),
            r as (select room_id from rooms where wfl_id in (select wfl_id from w))
       select d.device_id, d.name, d.wfl_id, exists (select 1 from wfls x where x.wfl_id = d.wfl_id) as wfl_exists,
              d.room_id, (select rr.wfl_id from rooms rr where rr.room_id = d.room_id) as room_wfl
         from devices d
        where d.wfl_id in (select wfl_id from w) or d.room_id in (select room_id from r)
        order by d.device_id`,
      [userId],
    );
    const plans = await rows<{
      id: number;
      device_id: number;
      wfl_id: number;
      wfl_ok: boolean;
      dev_ok: boolean;
    }>(
      this.pool,
      `select p.id, p.device_id, p.wfl_id,
              exists (select 1 from wfls x where x.wfl_id = p.wfl_id) as wfl_ok,
              exists (select 1 from devices x where x.device_id = p.device_id) as dev_ok
         from heating_plans p
        where p.wfl_id in (select wfl_id from wfls where user_id = $1) or p.device_id = any($2::bigint[])
        order by p.id`,
      [userId, devices.map((d) => d.device_id)],
    );
    const errors: Gen1Inconsistency[] = [];
    for (const d of devices) {
      if (!d.wfl_exists) {
        errors.push({
          kind: 'deviceWithoutWfl',
          id: d.device_id,
          message: `Device ${d.device_id} (${d.name}) names WFL ${d.wfl_id}, which does not exist.`,
        });
      } else if (d.room_wfl !== null && d.room_wfl !== d.wfl_id) {
        errors.push({
          kind: 'deviceInOtherWflRoom',
          id: d.device_id,
          message: `Device ${d.device_id} (${d.name}) is on WFL ${d.wfl_id} but in room ${d.room_id} of WFL ${d.room_wfl}.`,
        });
      }
    }
    for (const p of plans) {
      if (!p.wfl_ok)
        errors.push({
          kind: 'heatingPlanWithoutWfl',
          id: p.id,
          message: `Heating plan ${p.id} names WFL ${p.wfl_id}, which does not exist.`,
        });
      if (!p.dev_ok)
        errors.push({
          kind: 'heatingPlanWithoutDevice',
          id: p.id,
          message: `Heating plan ${p.id} names device ${p.device_id}, which does not exist.`,
        });
    }
    return { userId, errors };
  }

  /** A Link Plus (Gen2) user with the customer's e-mail, lower-cased as Gen2 stores it. */
  async linkPlus(userId: number): Promise<LinkPlusStatus> {
    const email = await this.email(userId);
    const found = await this.gen2Users.findOne(
      { email: email.trim().toLowerCase() },
      { projection: { _id: 0, userId: 1 } },
    );
    return { email, linkPlus: found !== null, gen2UserId: found ? String(found.userId) : null };
  }

  async wflLink(wflId: number): Promise<WflLink> {
    const wfl = await one<{ wfl_id: number; mac: string }>(
      this.pool,
      'select wfl_id, mac from wfls where wfl_id = $1',
      [wflId],
    );
    if (!wfl) throw new ApiError(404, 'No WFL with that id.');
    const [last, devices, timedOut] = await Promise.all([
      one<{ at: Date }>(
        this.pool,
        'select request_date as at from command_queue where mac = $1 order by request_date desc limit 1',
        [wfl.mac],
      ),
      rows<Omit<WflLinkDevice, 'lastUpdated'> & { last: Date | null }>(
        this.pool,
        `select d.device_id, d.name, d.serial, d.device_type_id,
                greatest((select max(e.time) from latest_energy e where e.serial = d.serial and e.mac = $2),
                         (select max(t.time) from latest_temperature t where t.serial = d.serial and t.mac = $2)) as last
           from devices d where d.wfl_id = $1 order by d.device_id`,
        [wfl.wfl_id, wfl.mac],
      ),
      // The partial index (mac, id desc) where not reply: the newest rows without a reply, bounded.
      rows<{ id: number; at: Date; command: string; email: string }>(
        this.pool,
        `select id, request_date as at, command, email from command_queue
          where mac = $1 and not reply order by id desc limit $2`,
        [wfl.mac, WFL_LINK_LIMITS.timeoutRows],
      ),
    ]);
    const view = ({ last: at, ...d }: (typeof devices)[number]): WflLinkDevice => ({
      ...d,
      lastUpdated: iso(at),
    });
    const days = new Map<string, WflLink['timeouts'][number]['commands']>();
    for (const c of [...timedOut].sort((a, b) => b.at.getTime() - a.at.getTime())) {
      const day = c.at.toISOString().slice(0, 10);
      if (!days.has(day) && days.size === WFL_LINK_LIMITS.timeoutDays) break;
      const list = days.get(day) ?? [];
      list.push({ id: c.id, time: c.at.toISOString(), command: c.command, email: c.email });
      days.set(day, list);
    }
    return {
      wfl_id: wfl.wfl_id,
      mac: wfl.mac,
      lastCommandAt: iso(last?.at ?? null),
      devices: {
        energy: devices.filter((d) => d.device_type_id === ENERGY_DEVICE_TYPE).map(view),
        heating: devices.filter((d) => HEATING.has(d.device_type_id)).map(view),
        other: devices
          .filter((d) => d.device_type_id !== ENERGY_DEVICE_TYPE && !HEATING.has(d.device_type_id))
          .map(view),
      },
      timeouts: [...days].map(([day, commands]) => ({ day, commands })),
    };
  }
}
