import { Params, type Statement } from '../sql.ts';
import { firmwarePattern, idTerm, macTerm, textPattern } from './terms.ts';

/** What a Gen1 search asks for; every given criterion must match (seed 000 §5). */
export interface Gen1Criteria {
  /** E-mail, username or name (contains), or the user id. */
  user?: string | null;
  /** Whole or part of a WFL MAC. */
  mac?: string | null;
  /** WFL id, or part of its name. */
  wfl?: string | null;
  /** Part of a device name, or the start of its serial. */
  device?: string | null;
  deviceId?: number | null;
  commercial?: boolean;
  /** Start of the WFL firmware version. */
  firmware?: string | null;
}

export const USER_COLUMNS =
  'u.user_id, u.email, u.username, u.name, u.role, u.active, u.created, u.updated, u.plist_import';
export const WFL_COLUMNS =
  'w.wfl_id, w.user_id, w.mac, w.name, w.serial, w.firmware, w.active, w.created, w.updated, w.heating, w.pingtime';
export const DEVICE_COLUMNS = `d.device_id, d.device_type_id, d.name, d.serial, d.wfl_id, d.room_id, d.active,
  t.name as "typeName", r.name as "roomName", w.name as "wflName"`;
export const COMMERCIAL_ROLES = ['commercial', 'api_user'];

function userCondition(term: string, p: Params): string {
  const pattern = p.add(textPattern(term));
  const parts = [`u.email ilike ${pattern}`, `u.username ilike ${pattern}`, `u.name ilike ${pattern}`];
  const id = idTerm(term);
  if (id !== null) parts.push(`u.user_id = ${p.add(id)}`);
  return `(${parts.join(' or ')})`;
}

/** The condition on one WFL (alias w): MAC, id or name, firmware. Null when none is asked. */
export function wflCondition(c: Gen1Criteria, p: Params): string | null {
  const parts: string[] = [];
  if (c.mac) {
    const m = macTerm(c.mac);
    const any = [
      ...(m.exact.length ? [`w.mac = any(${p.add(m.exact)}::text[])`] : []),
      ...m.patterns.map((pat) => `w.mac ilike ${p.add(pat)}`),
    ];
    parts.push(`(${any.join(' or ')})`);
  }
  if (c.wfl) {
    const id = idTerm(c.wfl);
    const byName = `w.name ilike ${p.add(textPattern(c.wfl))}`;
    parts.push(id === null ? byName : `(w.wfl_id = ${p.add(id)} or ${byName})`);
  }
  if (c.firmware) parts.push(`w.firmware like ${p.add(firmwarePattern(c.firmware))}`);
  return parts.length ? parts.join(' and ') : null;
}

/** The condition on one device (alias d). Null when none is asked. */
export function deviceCondition(c: Gen1Criteria, p: Params): string | null {
  if (c.deviceId != null) return `d.device_id = ${p.add(c.deviceId)}`;
  if (!c.device) return null;
  const serial = p.add(
    `${c.device
      .trim()
      .toUpperCase()
      .replace(/[\\%_]/g, '\\$&')}%`,
  );
  return `(d.name ilike ${p.add(textPattern(c.device))} or d.serial like ${serial})`;
}

/** Matches counted (and paged) up to this; beyond it the answer says "more than". */
export const HIT_CAP = 1000;
// Devices or WFLs examined for the accounts they belong to: bounds a common word's cost.
const ROW_CAP = 5000;

/**
 * The ids of the matching accounts, at most HIT_CAP + 1 of them, in no particular order. Kept apart
 * from the ordering so that Postgres finds them the cheapest way for the term at hand (a trigram
 * bitmap for a rare one, the first rows of a scan for a common one); only these few are sorted.
 */
export function hitsQuery(c: Gen1Criteria, p: Params): string {
  const u = [
    ...(c.user ? [userCondition(c.user, p)] : []),
    ...(c.commercial ? [`u.role = any(${p.add(COMMERCIAL_ROLES)}::text[])`] : []),
  ];
  const w = wflCondition(c, p);
  const d = deviceCondition(c, p);
  const cap = HIT_CAP + 1;
  if (d) {
    // The devices' WFLs as an id list, so they are looked up by primary key: as a join, a common
    // word (thousands of devices) made the planner hash all WFLs (0.6 s at a million customers).
    const inWfls = `w.wfl_id = any(array(select d.wfl_id from devices d where ${d} limit ${ROW_CAP}))`;
    return `select distinct w.user_id from wfls w${u.length ? ' join users u on u.user_id = w.user_id' : ''}
      where ${[inWfls, ...(w ? [w] : []), ...u].join(' and ')} limit ${cap}`;
  }
  if (w && !u.length) {
    return `select distinct w.user_id from (select w.user_id from wfls w where ${w} limit ${ROW_CAP}) w limit ${cap}`;
  }
  if (w) u.push(`exists (select 1 from wfls w where w.user_id = u.user_id and ${w})`);
  return `select u.user_id from users u where ${u.join(' and ') || 'false'} limit ${cap}`;
}

/** One page of accounts in user id order, each row with how many matched (up to HIT_CAP + 1). */
export function pageStatement(c: Gen1Criteria, limit: number, offset: number): Statement {
  const p = new Params();
  const hits = hitsQuery(c, p);
  return {
    text: `with hits as materialized (${hits})
      select ${USER_COLUMNS}, count(*) over ()::int as "matched" from users u join hits h on h.user_id = u.user_id
      order by u.user_id limit ${p.add(limit)} offset ${p.add(offset)}`,
    values: p.values,
  };
}

/** How many accounts match, up to HIT_CAP + 1 (when a page past the end says nothing). */
export function countStatement(c: Gen1Criteria): Statement {
  const p = new Params();
  return { text: `select count(*)::int as n from (${hitsQuery(c, p)}) s`, values: p.values };
}

/** The WFLs of these accounts; only the matching ones when the search named a WFL criterion. */
export function wflsStatement(c: Gen1Criteria, userIds: number[]): Statement {
  const p = new Params();
  const ids = p.add(userIds);
  const w = c.device != null || c.deviceId != null ? null : wflCondition(c, p);
  return {
    text: `select ${WFL_COLUMNS} from wfls w where w.user_id = any(${ids}::bigint[])${w ? ` and ${w}` : ''} order by w.user_id, w.wfl_id`,
    values: p.values,
  };
}

/** The devices that matched, for these accounts (device searches). */
export function matchedDevicesStatement(c: Gen1Criteria, userIds: number[]): Statement | null {
  const p = new Params();
  const ids = p.add(userIds);
  const d = deviceCondition(c, p);
  if (!d) return null;
  return {
    text: `select ${DEVICE_COLUMNS}, w.user_id as "userId" from devices d join wfls w on w.wfl_id = d.wfl_id
      left join device_types t on t.device_type_id = d.device_type_id left join rooms r on r.room_id = d.room_id
      where w.user_id = any(${ids}::bigint[]) and ${d} order by d.device_id limit 500`,
    values: p.values,
  };
}
