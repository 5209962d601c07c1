import {
  FEATURE_DATA,
  type FeatureIds,
  type FeatureTypes,
  type ProductMeta,
  type ProductsAndFeatures,
} from '@console/contracts';
import type pg from 'pg';

/**
 * The Gen2 products of the feature-data screen, read from the products and features read models
 * (`rm_products`, `rm_features`: `src/read-models/`). Grouping the products by code, or finding a
 * code's features in the structures, decoded every product and every whole structure on FerretDB:
 * "Get Feature Types" ran past the gateway's 10 s at 2,000 customers (issue 28).
 */
type Queryable = Pick<pg.Pool, 'query'>;

/** One feature of a chosen product and type, with the hub that paired its device. */
export interface ChosenFeature {
  productCode: string;
  featureType: string;
  featureId: string;
  linkId: number;
}

export async function productList(pool: Queryable, filter?: string): Promise<ProductMeta[]> {
  // rm_code_products is kept by triggers on rm_products (migrations/007_feature_type_counts.sql):
  // grouping rm_products itself read every product (0.7-0.9 s at 100,000 customers).
  const r = await pool.query<{ product_code: string; category: string; virtual: string[]; n: number }>(
    `select product_code, coalesce(nullif(category, ''), 'other') as category, sum(products)::int as n,
            coalesce(array_agg(distinct virtual_code) filter (where virtual_code <> ''), '{}') as virtual
       from rm_code_products where products > 0 group by 1, 2`,
  );
  const byCode = new Map<string, { categories: [string, number][]; virtual: Set<string>; n: number }>();
  for (const row of r.rows) {
    const e = byCode.get(row.product_code) ?? { categories: [], virtual: new Set<string>(), n: 0 };
    e.n += row.n;
    e.categories.push([row.category, row.n]);
    for (const v of row.virtual) e.virtual.add(v);
    byCode.set(row.product_code, e);
  }
  const list = [...byCode].map(([productCode, e]) => {
    const category = e.categories.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'other';
    const virtual = [...e.virtual].sort();
    const description = `${category} product, ${e.n.toLocaleString('en-GB')} paired${
      virtual.length ? `; virtual codes ${virtual.join(', ')}` : ''
    }`;
    return { productCode, category, description, products: e.n };
  });
  const f = filter?.trim().toLowerCase();
  return list
    .filter((p) => !f || [p.productCode, p.category, p.description].some((s) => s.toLowerCase().includes(f)))
    .sort((a, b) => a.productCode.localeCompare(b.productCode));
}

/** Each product of the codes' features, joined to their types in the structures' features. */
const FEATURES_OF = `from rm_products p cross join lateral unnest(p.feature_ids) as fid(id)
  join rm_features f on f.feature_id = fid.id where p.product_code = any($1::text[])`;

export async function featureTypes(pool: Queryable, codes: string[]): Promise<FeatureTypes> {
  const [devices, types] = await Promise.all([
    pool.query<{ product_code: string; n: number }>(
      `select product_code, sum(products)::int as n from rm_code_products
        where product_code = any($1::text[]) group by 1`,
      [codes],
    ),
    // Kept by triggers on rm_products and rm_features (migrations/007_feature_type_counts.sql):
    // the join below, per call, read 450,000 pairs for one code at 100,000 customers.
    pool.query<{ product_code: string; type: string; n: number }>(
      `select product_code, type, features::int as n from rm_code_feature_types
        where product_code = any($1::text[]) and features > 0`,
      [codes],
    ),
  ]);
  return {
    products: codes.map((productCode) => ({
      productCode,
      devices: devices.rows.find((d) => d.product_code === productCode)?.n ?? 0,
      types: types.rows
        .filter((t) => t.product_code === productCode)
        .map((t) => ({ type: t.type, features: t.n }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    })),
  };
}

/** The chosen products' features of the chosen types, per product and type, in feature id order. */
export async function chosenFeatures(
  pool: Queryable,
  chosen: ProductsAndFeatures,
): Promise<Map<string, ChosenFeature[]>> {
  const out = new Map<string, ChosenFeature[]>();
  for (const c of chosen) for (const t of c.featureTypes) out.set(pairKey(c.productCode, t), []);
  const r = await pool.query<{
    product_code: string;
    type: string;
    feature_id: string;
    link_id: string | null;
  }>(
    `select p.product_code, f.type, fid.id as feature_id, p.link_id ${FEATURES_OF} and f.type = any($2::text[])`,
    [chosen.map((c) => c.productCode), [...new Set(chosen.flatMap((c) => c.featureTypes))]],
  );
  for (const row of r.rows)
    out.get(pairKey(row.product_code, row.type))?.push({
      productCode: row.product_code,
      featureType: row.type,
      featureId: row.feature_id,
      linkId: Number(row.link_id),
    });
  for (const list of out.values()) list.sort((a, b) => a.featureId.localeCompare(b.featureId));
  return out;
}

export const pairKey = (productCode: string, featureType: string) => `${productCode}\u0000${featureType}`;

export async function featureIds(pool: Queryable, chosen: ProductsAndFeatures): Promise<FeatureIds> {
  const all = await chosenFeatures(pool, chosen);
  return {
    features: chosen.flatMap((c) =>
      c.featureTypes.map((featureType) => {
        const list = all.get(pairKey(c.productCode, featureType)) ?? [];
        return {
          productCode: c.productCode,
          featureType,
          total: list.length,
          featureIds: list.slice(0, FEATURE_DATA.featureIdsMax).map((f) => f.featureId),
        };
      }),
    ),
  };
}
