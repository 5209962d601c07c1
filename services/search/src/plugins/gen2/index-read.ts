import type { ProductSearchField } from '@console/contracts';
import { likeEscape } from '../gen1/terms.ts';
import { Params, type Statement } from '../sql.ts';
import { PRODUCT_COLUMNS, USER_COLUMNS } from './index-docs.ts';

/** The index columns behind each product field of the Support Plus product multi-select. */
const PRODUCT_COLUMN: Record<ProductSearchField, { expr: string; norm: (t: string) => string }> = {
  serial: { expr: 'upper(p.serial)', norm: (t) => t.toUpperCase() },
  name: { expr: 'lower(p.name)', norm: (t) => t.toLowerCase() },
  productCode: { expr: 'p.product_code', norm: (t) => t.toUpperCase() },
  virtualProductCode: { expr: 'p.virtual_product_code', norm: (t) => t.toUpperCase() },
};

export type Looseness = 'prefix' | 'contains';

const pattern = (t: string, how: Looseness) =>
  how === 'prefix' ? `${likeEscape(t)}%` : `%${likeEscape(t)}%`;

/** Users by the start (or, from 3 characters, any part) of their e-mail. */
export function usersByEmail(text: string, how: Looseness, limit: number): Statement {
  return {
    text: `select ${USER_COLUMNS} from search_g2_users where email like $1 order by created_date desc nulls last limit $2`,
    values: [pattern(text.toLowerCase(), how), limit],
  };
}

/** Users whose id starts with the term. */
export function usersByIdPrefix(text: string, limit: number): Statement {
  return {
    text: `select ${USER_COLUMNS} from search_g2_users where user_id like $1 order by user_id using ~<~ limit $2`,
    values: [`${likeEscape(text)}%`, limit],
  };
}

/** Users with access to any of these structures. */
export function usersOfStructures(rootGroupIds: string[], limit: number): Statement {
  return {
    text: `select ${USER_COLUMNS} from search_g2_users where root_group_ids && $1::text[] order by created_date desc nulls last limit $2`,
    values: [rootGroupIds, limit],
  };
}

/** Users by id (those a hub names). */
export function usersById(ids: string[]): Statement {
  return {
    text: `select ${USER_COLUMNS} from search_g2_users where user_id = any($1::text[])`,
    values: [ids],
  };
}

/** Structures whose rootGroupId starts with the term; hubs whose number or hex does. */
export function structuresAndHubsByPrefix(text: string, limit: number): Statement[] {
  return [
    {
      text: 'select root_group_id as id from search_g2_structures where root_group_id like $1 order by root_group_id using ~<~ limit $2',
      values: [`${likeEscape(text)}%`, limit],
    },
    {
      text: `select hub_id as "hubId", root_group_id as "rootGroupId", user_id as "userId" from search_g2_hubs
        where hub_id::text like $1 or hub_hex like $3 limit $2`,
      values: [`${likeEscape(text)}%`, limit, `${likeEscape(text.toLowerCase())}%`],
    },
  ];
}

/** Products whose chosen fields start with (or contain) the term. */
export function productsBy(
  text: string,
  fields: readonly ProductSearchField[],
  how: Looseness,
  limit: number,
): Statement {
  const params = new Params();
  const ors = fields
    .filter((f) => how === 'prefix' || f === 'name')
    .map((f) => {
      const c = PRODUCT_COLUMN[f];
      return `${c.expr} like ${params.add(pattern(c.norm(text), how))}`;
    });
  return {
    text: `select ${PRODUCT_COLUMNS} from search_g2_products p where ${ors.join(' or ') || 'false'} limit ${params.add(limit)}`,
    values: params.values,
  };
}

/** The 'Migrated' quick search: structures holding migrated products, newest first, and how many. */
export function migratedStructures(limit: number): Statement[] {
  return [
    {
      text: 'select root_group_id from search_g2_structures where migrated order by created_date desc limit $1',
      values: [limit],
    },
    { text: 'select count(*)::int as n from search_g2_structures where migrated', values: [] },
  ];
}

/**
 * The Support Plus bar's suggestions: e-mail, user id, rootGroupId, link id, serial, device name.
 * `using ~<~` orders like the text_pattern_ops indexes, so the first rows come straight off them;
 * products are taken unordered (a common word in a device name matches many) and made distinct after.
 */
export function suggestStatements(
  text: string,
  limit: number,
): { kind: string; text: string; values: unknown[] }[] {
  const t = text.trim();
  const p = `${likeEscape(t)}%`;
  const lower = `${likeEscape(t.toLowerCase())}%`;
  return [
    {
      kind: 'email',
      text: 'select email as v from search_g2_users where email like $1 order by email using ~<~ limit $2',
      values: [lower, limit],
    },
    {
      kind: 'userId',
      text: 'select user_id as v from search_g2_users where user_id like $1 order by user_id using ~<~ limit $2',
      values: [p, limit],
    },
    {
      kind: 'rootGroupId',
      text: 'select root_group_id as v from search_g2_structures where root_group_id like $1 order by root_group_id using ~<~ limit $2',
      values: [p, limit],
    },
    {
      kind: 'hubId',
      text: 'select hub_id::text as v from search_g2_hubs where hub_id::text like $1 or hub_hex like $3 limit $2',
      values: [p, limit, lower],
    },
    {
      kind: 'serial',
      text: 'select upper(serial) as v from search_g2_products where upper(serial) like $1 limit $2',
      values: [`${likeEscape(t.toUpperCase())}%`, limit * 5],
    },
    {
      kind: 'deviceName',
      text: 'select name as v from search_g2_products where lower(name) like $1 limit $2',
      values: [lower, limit * 20],
    },
  ];
}
