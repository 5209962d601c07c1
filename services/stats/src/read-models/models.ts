import { COLLECTIONS } from '@console/contracts';
import type { Document } from 'mongodb';
import { generationOf } from './generation.ts';

/** One table a model writes: its rows as plain objects, upserted by `key` (see `upsert` in sync.ts). */
export interface TableRows {
  table: string;
  key: string;
  /** Column name → Postgres type, as `jsonb_to_recordset` reads them. */
  columns: Record<string, string>;
  rows: Record<string, unknown>[];
}

/** A collection followed into Postgres tables: what to read of each document and the rows it makes. */
export interface ReadModel {
  name: string;
  collection: string;
  /** The table with one row per document, keyed by the document's `_id` as `id`. */
  table: string;
  /** Run with the ids of documents gone from the store, before their rows are deleted. */
  onDelete?: string;
  projection: Document;
  rows(docs: readonly Document[]): TableRows[];
}

const date = (d: unknown) => (d instanceof Date ? d : new Date(String(d)));
const validDate = (d: unknown) => !Number.isNaN(date(d).getTime());
const str = (v: unknown) => (v === undefined || v === null ? null : String(v));
const keys = (o: unknown) => Object.keys((o ?? {}) as object).length;
const ids = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);

/** The owner: the user with the owner level, else the first with access. */
function ownerOf(access: { userId: unknown; levels?: string[] }[]): string | null {
  return str((access.find((a) => a.levels?.includes('owner')) ?? access[0])?.userId);
}

const structures: ReadModel = {
  name: 'structures',
  table: 'rm_structures',
  onDelete:
    'delete from rm_features where root_group_id in (select root_group_id from rm_structures where id = any($1::text[]))',
  collection: COLLECTIONS.structures,
  projection: {
    rootGroupId: 1,
    name: 1,
    createdDate: 1,
    updatedDate: 1,
    userRootAccess: 1,
    features: 1,
    devices: 1,
    automations: 1,
    _groups: 1,
  },
  rows(docs): TableRows[] {
    const heads = docs.filter((d) => validDate(d.createdDate));
    return [
      {
        table: 'rm_structures',
        key: 'id',
        columns: {
          id: 'text',
          root_group_id: 'text',
          name: 'text',
          created: 'timestamptz',
          owner: 'text',
          user_ids: 'text[]',
          devices: 'int',
          automations: 'int',
          groups: 'int',
          updated: 'timestamptz',
        },
        rows: heads.map((d) => {
          const access = (d.userRootAccess ?? []) as { userId: unknown; levels?: string[] }[];
          return {
            id: String(d._id),
            root_group_id: String(d.rootGroupId),
            name: String(d.name ?? ''),
            created: date(d.createdDate).toISOString(),
            owner: ownerOf(access),
            user_ids: access.map((a) => String(a.userId)),
            devices: keys(d.devices),
            automations: keys(d.automations),
            groups: keys(d._groups),
            updated: validDate(d.updatedDate) ? date(d.updatedDate).toISOString() : null,
          };
        }),
      },
      {
        table: 'rm_features',
        key: 'feature_id',
        columns: { feature_id: 'text', root_group_id: 'text', type: 'text' },
        rows: docs.flatMap((d) =>
          Object.entries((d.features ?? {}) as Record<string, { attributes?: { type?: unknown } }>)
            .filter(([, f]) => f?.attributes?.type)
            .map(([id, f]) => ({
              feature_id: id,
              root_group_id: String(d.rootGroupId),
              type: String(f.attributes?.type),
            })),
        ),
      },
    ];
  },
};

/**
 * A model of one table, keyed by the document's `_id` as `id`: `row` makes the rest of a
 * document's row; with `dated`, its `createdDate` is the row's `created`, and documents without a
 * valid one make none.
 */
function oneTable(m: {
  name: string;
  table: string;
  collection: string;
  projection: Document;
  columns: Record<string, string>;
  dated?: boolean;
  row: (d: Document) => Record<string, unknown>;
}): ReadModel {
  return {
    name: m.name,
    table: m.table,
    collection: m.collection,
    projection: m.projection,
    rows: (docs) => [
      {
        table: m.table,
        key: 'id',
        columns: { id: 'text', ...m.columns, ...(m.dated ? { created: 'timestamptz' } : {}) },
        rows: (m.dated ? docs.filter((d) => validDate(d.createdDate)) : docs).map((d) => ({
          id: String(d._id),
          ...m.row(d),
          ...(m.dated ? { created: date(d.createdDate).toISOString() } : {}),
        })),
      },
    ],
  };
}

/** The columns of `rm_products` beside its `id`. */
export const PRODUCT_COLUMNS = {
  root_group_id: 'text',
  product_code: 'text',
  category: 'text',
  virtual_code: 'text',
  generation: 'text',
  link_id: 'bigint',
  feature_ids: 'text[]',
};

const products = oneTable({
  name: 'products',
  table: 'rm_products',
  collection: COLLECTIONS.products,
  projection: {
    rootGroupId: 1,
    productCode: 1,
    category: 1,
    virtualProductCode: 1,
    migrated: 1,
    'attributes.protocol': 1,
    linkId: 1,
    featureIds: 1,
  },
  columns: PRODUCT_COLUMNS,
  row: (d) => ({
    root_group_id: String(d.rootGroupId),
    product_code: String(d.productCode ?? ''),
    category: str(d.category),
    virtual_code: str(d.virtualProductCode),
    generation: generationOf(d),
    link_id: typeof d.linkId === 'number' ? d.linkId : null,
    feature_ids: ids(d.featureIds),
  }),
});

const users = oneTable({
  name: 'users',
  table: 'rm_users',
  collection: COLLECTIONS.users,
  projection: { userId: 1, email: 1, createdDate: 1, rootGroupIds: 1 },
  columns: { user_id: 'text', email: 'text', root_group_ids: 'text[]' },
  dated: true,
  row: (d) => ({
    user_id: String(d.userId),
    email: String(d.email ?? ''),
    root_group_ids: ids(d.rootGroupIds),
  }),
});

const agents = oneTable({
  name: 'agents',
  table: 'rm_agents',
  collection: COLLECTIONS.agents,
  projection: { userId: 1, type: 1, linked: 1, createdDate: 1 },
  columns: { user_id: 'text', type: 'text', linked: 'boolean' },
  dated: true,
  row: (d) => ({
    user_id: String(d.userId),
    type: String(d.type ?? ''),
    linked: d.linked === true,
  }),
});

const hubs = oneTable({
  name: 'hubs',
  table: 'rm_hubs',
  collection: COLLECTIONS.hubs,
  projection: { hubId: 1, rootGroupId: 1, firmwareVersion: 1, configNumber: 1, homeKitPaired: 1 },
  columns: {
    hub_id: 'bigint',
    root_group_id: 'text',
    firmware: 'text',
    config_number: 'bigint',
    homekit: 'boolean',
  },
  row: (d) => ({
    hub_id: Number(d.hubId),
    root_group_id: str(d.rootGroupId),
    firmware: str(d.firmwareVersion),
    config_number: typeof d.configNumber === 'number' ? d.configNumber : null,
    homekit: d.homeKitPaired === true,
  }),
});

/** Every read model, in the order they are first built (the small ones first). */
export const READ_MODELS: readonly ReadModel[] = [agents, hubs, users, products, structures];
