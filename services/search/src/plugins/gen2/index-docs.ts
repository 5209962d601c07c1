import type { ProductDoc, StructureDoc, UserDoc } from '@console/contracts';
import type pg from 'pg';
import { rows } from '../sql.ts';

/**
 * Summaries from the search index, shaped as the parts of the documents a search result shows.
 * Search reads these instead of the documents themselves: one SQL query replaces one Mongo find
 * per structure or user (each a round trip, and on FerretDB the decoding of a whole document).
 */
export const USER_COLUMNS =
  'user_id as "userId", email, root_group_ids as "rootGroupIds", hub_id as "hubId", no_root as "noRoot", created_date as "createdDate"';
const STRUCTURE_COLUMNS =
  'root_group_id as "rootGroupId", name, link2, user_ids as "userIds", created_date as "createdDate"';
export const PRODUCT_COLUMNS = `device_id as "deviceId", root_group_id as "rootGroupId", link_id as "linkId", serial, name,
  product_code as "productCode", virtual_product_code as "virtualProductCode"`;

type Db = pg.Pool;

import type { Statement } from '../sql.ts';

export async function indexUsers(db: Db, s: Statement): Promise<UserDoc[]> {
  return rows<UserDoc>(db, s.text, s.values);
}

export async function indexStructures(db: Db, ids: string[]): Promise<StructureDoc[]> {
  if (ids.length === 0) return [];
  const found = await rows<{
    rootGroupId: string;
    name: string;
    link2: number[];
    userIds: string[];
    createdDate: Date;
  }>(db, `select ${STRUCTURE_COLUMNS} from search_g2_structures where root_group_id = any($1::text[])`, [
    ids,
  ]);
  return found.map(
    (s) => ({ ...s, userRootAccess: s.userIds.map((userId) => ({ userId })) }) as unknown as StructureDoc,
  );
}

export async function indexProducts(
  db: Db,
  where: string,
  values: unknown[],
  limit: number,
): Promise<ProductDoc[]> {
  return rows<ProductDoc>(
    db,
    `select ${PRODUCT_COLUMNS} from search_g2_products p where ${where} limit ${limit}`,
    values,
  );
}

export async function indexHubs(db: Db, where: string, values: unknown[], limit: number) {
  return rows<{ hubId: number; rootGroupId: string | null; userId: string }>(
    db,
    `select hub_id as "hubId", root_group_id as "rootGroupId", user_id as "userId" from search_g2_hubs where ${where} limit ${limit}`,
    values,
  );
}
