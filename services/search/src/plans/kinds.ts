import { COLLECTIONS } from '@console/contracts';
import type { Document } from 'mongodb';
import { type Gen1Criteria, pageStatement } from '../plugins/gen1/statements.ts';
import { suggestStatements as gen1Suggest } from '../plugins/gen1/suggest.ts';
import { suggestStatements as gen2Suggest, usersByEmail } from '../plugins/gen2/index-read.ts';
import { overviewStatements } from '../plugins/gen2/overview.ts';
import type { Statement } from '../plugins/sql.ts';
import type { Samples } from './samples.ts';

/** The database side of a search: SQL on the search database, or a find on a Mongo collection. */
export type Floor = { sql: Statement } | { mongo: { collection: string; filter: Document; limit: number } };

export interface SearchKind {
  name: string;
  /** How the console asks: the operation and its input. */
  api: { op: string; params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
  /** The main database query behind it (the floor the benchmark compares with). */
  floor: Floor;
  /** The index that should serve the floor (its name, or part of it). */
  index: RegExp;
}

const page = (c: Gen1Criteria): Floor => ({ sql: pageStatement(c, 20, 0) });
/** The first suggestion statement (e-mails), with its limit. */
const first = (list: { text: string; values: unknown[] }[], limit?: number): Floor => {
  const st = list[0] as { text: string; values: unknown[] };
  return { sql: { text: st.text, values: limit === undefined ? st.values : [...st.values, limit] } };
};
const mongo = (collection: string, filter: Document, limit = 20): Floor => ({
  mongo: { collection, filter, limit },
});

/** Every kind of search, with real terms. */
export function searchKinds(s: Samples): SearchKind[] {
  const emailPart = s.gen1Email.split('@')[0]?.slice(1, 9) ?? s.gen1Email;
  const gen2Local = s.gen2Email.split('@')[0] ?? '';
  return [
    {
      name: 'gen1 e-mail contains',
      index: /users_(email|username|name)_trgm/,
      api: { op: 'search.findUser', params: { text: emailPart } },
      floor: page({ user: emailPart }),
    },
    {
      name: 'gen1 user id',
      index: /users_pkey/,
      api: { op: 'search.findUser', params: { text: String(s.gen1UserId) } },
      floor: page({ user: String(s.gen1UserId) }),
    },
    {
      name: 'gen1 MAC (shown digits)',
      index: /wfls_mac_/,
      api: { op: 'search.findAdvanced', params: { user: '-', mac: s.macShown, wfl: '-' } },
      floor: page({ mac: s.macShown }),
    },
    {
      name: 'gen1 user + MAC',
      index: /users_email_trgm|wfls_mac_/,
      api: { op: 'search.findAdvanced', params: { user: s.gen1Email, mac: s.macShown, wfl: '-' } },
      floor: page({ user: s.gen1Email, mac: s.macShown }),
    },
    {
      name: 'gen1 device serial',
      index: /devices_serial_prefix/,
      api: { op: 'search.findByDevice', params: { name: s.deviceSerial } },
      floor: page({ device: s.deviceSerial }),
    },
    {
      name: 'gen1 device name',
      index: /devices_name_trgm/,
      api: { op: 'search.findByDevice', params: { name: s.deviceName } },
      floor: page({ device: s.deviceName }),
    },
    {
      name: 'gen1 device id',
      index: /devices_pkey/,
      api: { op: 'search.findByDeviceId', params: { id: String(s.deviceId) } },
      floor: page({ deviceId: s.deviceId }),
    },
    {
      name: 'gen1 commercial',
      index: /search_users_commercial/,
      api: { op: 'search.findCommercial' },
      floor: page({ commercial: true }),
    },
    {
      name: 'gen1 firmware',
      index: /wfls_firmware_prefix/,
      api: { op: 'search.findFirmware', params: { text: 'V3.0' } },
      floor: page({ firmware: 'V3.0' }),
    },
    {
      name: 'gen1 account (findExtra)',
      index: /wfls_user/,
      api: { op: 'search.findExtra', params: { userId: String(s.gen1UserId) } },
      floor: { sql: { text: 'select * from wfls where user_id = $1', values: [s.gen1UserId] } },
    },
    {
      name: 'gen1 accounts by MAC',
      index: /wfls_mac_prefix/,
      api: { op: 'search.findUserByMac', params: { mac: s.macShown } },
      floor: { sql: { text: 'select * from wfls where mac = $1', values: [`74:0A:BC:${s.macShown}`] } },
    },
    {
      name: 'gen1 autocomplete',
      index: /users_email_prefix/,
      api: { op: 'search.autocomplete', params: { text: s.gen1Email.slice(0, 4) } },
      floor: first(gen1Suggest(s.gen1Email.slice(0, 4)), 10),
    },
    {
      name: 'gen2 e-mail',
      index: /search_fa_users_.*_email|email_1|IXSCAN/,
      api: { op: 'search.supportPlusSearch', body: { text: s.gen2Email } },
      floor: mongo(COLLECTIONS.users, { email: s.gen2Email }),
    },
    {
      name: 'gen2 userId',
      index: /search_fa_users_.*_userid|userId_1|IXSCAN/,
      api: { op: 'search.supportPlusSearch', body: { text: s.gen2UserId } },
      floor: mongo(COLLECTIONS.users, { userId: s.gen2UserId }),
    },
    {
      name: 'gen2 rootGroupId',
      index: /search_fa_structures_.*_rootgroupid|rootGroupId_1|IXSCAN/,
      api: { op: 'search.supportPlusSearch', body: { text: s.rootGroupId } },
      floor: mongo(COLLECTIONS.structures, { rootGroupId: s.rootGroupId }, 1),
    },
    {
      name: 'gen2 hub id (bc hex)',
      index: /search_fa_hubs_.*_hubid|hubId_1|IXSCAN/,
      api: { op: 'search.supportPlusSearch', body: { text: s.hubHex } },
      floor: mongo(COLLECTIONS.hubs, { hubId: s.hubId }),
    },
    {
      name: 'gen2 product serial',
      index: /search_fa_products_.*_serial|serial_1|IXSCAN/,
      api: { op: 'search.supportPlusSearch', body: { text: s.productSerial, products: true } },
      floor: mongo(COLLECTIONS.products, { serial: s.productSerial }),
    },
    {
      name: 'gen2 looser: e-mail start',
      index: /search_g2_users_email/,
      api: { op: 'search.supportPlusSearch', body: { text: gen2Local.slice(0, 10) } },
      floor: { sql: usersByEmail(gen2Local.slice(0, 10), 'prefix', 20) },
    },
    {
      name: 'gen2 looser: e-mail contains',
      index: /search_g2_users_email_trgm/,
      api: { op: 'search.supportPlusSearch', body: { text: gen2Local.slice(2, 12) } },
      floor: { sql: usersByEmail(gen2Local.slice(2, 12), 'contains', 20) },
    },
    {
      name: 'gen2 migrated',
      index: /search_g2_structures_migrated/,
      api: { op: 'search.supportPlusSearch', body: { text: '', migrated: true } },
      floor: {
        sql: {
          text: 'select root_group_id from search_g2_structures where migrated order by created_date desc limit 20',
          values: [],
        },
      },
    },
    {
      name: 'gen2 structure detail',
      index: /search_fa_products_.*_rootgroupid|rootGroupId_1|IXSCAN/,
      api: { op: 'search.structure', params: { rootGroupId: s.rootGroupId } },
      floor: mongo(COLLECTIONS.products, { rootGroupId: s.rootGroupId }, 500),
    },
    {
      name: 'gen2 overview',
      index: /search_g2_hubs_error/,
      api: { op: 'search.overview' },
      floor: { sql: { text: overviewStatements().errorState, values: [] } },
    },
    {
      name: 'gen2 autocomplete',
      index: /search_g2_users_email/,
      api: { op: 'search.supportPlusAutocomplete', params: { text: s.gen2Email.slice(0, 5) } },
      floor: first(gen2Suggest(s.gen2Email.slice(0, 5), 10)),
    },
    {
      name: 'generic query (hubs)',
      index: /search_fa_hubs_.*_rootgroupid|rootGroupId_1|IXSCAN/,
      api: { op: 'search.query', body: { database: 'hubs', filter: { rootGroupId: s.rootGroupId } } },
      floor: mongo(COLLECTIONS.hubs, { rootGroupId: s.rootGroupId }, 150),
    },
  ];
}
