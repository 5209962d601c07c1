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

const kind = (name: string, index: RegExp, api: SearchKind['api'], floor: Floor): SearchKind => ({
  name,
  index,
  api,
  floor,
});

/** A Support Plus search for one exact key; its floor, a find on that key, is served by the key's index. */
const gen2Key = (
  name: string,
  collection: 'users' | 'structures' | 'hubs' | 'products',
  field: string,
  text: string,
  value: unknown = text,
  limit?: number,
  body: Record<string, unknown> = {},
) =>
  kind(
    name,
    new RegExp(`search_fa_${collection}_.*_${field.toLowerCase()}|${field}_1|IXSCAN`),
    { op: 'search.supportPlusSearch', body: { text, ...body } },
    mongo(COLLECTIONS[collection], { [field]: value }, limit),
  );

/** Every kind of search, with real terms. */
export function searchKinds(s: Samples): SearchKind[] {
  const emailPart = s.gen1Email.split('@')[0]?.slice(1, 9) ?? s.gen1Email;
  const gen2Local = s.gen2Email.split('@')[0] ?? '';
  return [
    kind(
      'gen1 e-mail contains',
      /users_(email|username|name)_trgm/,
      { op: 'search.findUser', params: { text: emailPart } },
      page({ user: emailPart }),
    ),
    kind(
      'gen1 user id',
      /users_pkey/,
      { op: 'search.findUser', params: { text: String(s.gen1UserId) } },
      page({ user: String(s.gen1UserId) }),
    ),
    kind(
      'gen1 MAC (shown digits)',
      /wfls_mac_/,
      { op: 'search.findAdvanced', params: { user: '-', mac: s.macShown, wfl: '-' } },
      page({ mac: s.macShown }),
    ),
    kind(
      'gen1 user + MAC',
      /users_email_trgm|wfls_mac_/,
      { op: 'search.findAdvanced', params: { user: s.gen1Email, mac: s.macShown, wfl: '-' } },
      page({ user: s.gen1Email, mac: s.macShown }),
    ),
    kind(
      'gen1 device serial',
      /devices_serial_prefix/,
      { op: 'search.findByDevice', params: { name: s.deviceSerial } },
      page({ device: s.deviceSerial }),
    ),
    kind(
      'gen1 device name',
      /devices_name_trgm/,
      { op: 'search.findByDevice', params: { name: s.deviceName } },
      page({ device: s.deviceName }),
    ),
    kind(
      'gen1 device id',
      /devices_pkey/,
      { op: 'search.findByDeviceId', params: { id: String(s.deviceId) } },
      page({ deviceId: s.deviceId }),
    ),
    kind(
      'gen1 commercial',
      /search_users_commercial/,
      { op: 'search.findCommercial' },
      page({ commercial: true }),
    ),
    kind(
      'gen1 firmware',
      /wfls_firmware_prefix/,
      { op: 'search.findFirmware', params: { text: 'V3.0' } },
      page({ firmware: 'V3.0' }),
    ),
    kind(
      'gen1 account (findExtra)',
      /wfls_user/,
      { op: 'search.findExtra', params: { userId: String(s.gen1UserId) } },
      { sql: { text: 'select * from wfls where user_id = $1', values: [s.gen1UserId] } },
    ),
    kind(
      'gen1 accounts by MAC',
      /wfls_mac_prefix/,
      { op: 'search.findUserByMac', params: { mac: s.macShown } },
      { sql: { text: 'select * from wfls where mac = $1', values: [`74:0A:BC:${s.macShown}`] } },
    ),
    kind(
      'gen1 autocomplete',
      /users_email_prefix/,
      { op: 'search.autocomplete', params: { text: s.gen1Email.slice(0, 4) } },
      first(gen1Suggest(s.gen1Email.slice(0, 4)), 10),
    ),
    gen2Key('gen2 e-mail', 'users', 'email', s.gen2Email),
    gen2Key('gen2 userId', 'users', 'userId', s.gen2UserId),
    gen2Key('gen2 rootGroupId', 'structures', 'rootGroupId', s.rootGroupId, s.rootGroupId, 1),
    gen2Key('gen2 hub id (bc hex)', 'hubs', 'hubId', s.hubHex, s.hubId),
    gen2Key('gen2 product serial', 'products', 'serial', s.productSerial, s.productSerial, undefined, {
      products: true,
    }),
    kind(
      'gen2 looser: e-mail start',
      /search_g2_users_email/,
      { op: 'search.supportPlusSearch', body: { text: gen2Local.slice(0, 10) } },
      { sql: usersByEmail(gen2Local.slice(0, 10), 'prefix', 20) },
    ),
    kind(
      'gen2 looser: e-mail contains',
      /search_g2_users_email_trgm/,
      { op: 'search.supportPlusSearch', body: { text: gen2Local.slice(2, 12) } },
      { sql: usersByEmail(gen2Local.slice(2, 12), 'contains', 20) },
    ),
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
    kind(
      'gen2 structure detail',
      /search_fa_products_.*_rootgroupid|rootGroupId_1|IXSCAN/,
      { op: 'search.structure', params: { rootGroupId: s.rootGroupId } },
      mongo(COLLECTIONS.products, { rootGroupId: s.rootGroupId }, 500),
    ),
    kind(
      'gen2 overview',
      /search_g2_hubs_error/,
      { op: 'search.overview' },
      { sql: { text: overviewStatements().errorState, values: [] } },
    ),
    kind(
      'gen2 autocomplete',
      /search_g2_users_email/,
      { op: 'search.supportPlusAutocomplete', params: { text: s.gen2Email.slice(0, 5) } },
      first(gen2Suggest(s.gen2Email.slice(0, 5), 10)),
    ),
    kind(
      'generic query (hubs)',
      /search_fa_hubs_.*_rootgroupid|rootGroupId_1|IXSCAN/,
      { op: 'search.query', body: { database: 'hubs', filter: { rootGroupId: s.rootGroupId } } },
      mongo(COLLECTIONS.hubs, { rootGroupId: s.rootGroupId }, 150),
    ),
  ];
}
