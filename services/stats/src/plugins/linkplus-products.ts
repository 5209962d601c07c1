import {
  COLLECTIONS,
  FEATURE_DATA,
  type FeatureIds,
  type FeatureTypes,
  type ProductMeta,
  type ProductsAndFeatures,
} from '@console/contracts';
import type { Db } from 'mongodb';

/**
 * The Gen2 products of the feature-data screen, read from `products` and the structures' features
 * (`attributes.type`). Products are read with a projection and grouped here: FerretDB 1.x has no
 * aggregation fast enough to be worth it, and a product code's documents are what the screen counts.
 */
interface ProductRow {
  productCode: string;
  category?: string;
  virtualProductCode?: string;
  rootGroupId: string;
  linkId: number;
  featureIds?: string[];
}

/** One feature of a chosen product and type, with the hub that paired its device. */
export interface ChosenFeature {
  productCode: string;
  featureType: string;
  featureId: string;
  linkId: number;
}

const BATCH = 500;

export async function productList(db: Db, filter?: string): Promise<ProductMeta[]> {
  const byCode = new Map<string, { categories: Map<string, number>; virtual: Set<string>; n: number }>();
  const cursor = db
    .collection<ProductRow>(COLLECTIONS.products)
    .find(
      {},
      { projection: { _id: 0, productCode: 1, category: 1, virtualProductCode: 1 }, batchSize: 5000 },
    );
  for await (const p of cursor) {
    const e = byCode.get(p.productCode) ?? { categories: new Map(), virtual: new Set(), n: 0 };
    e.n++;
    const c = p.category ?? 'other';
    e.categories.set(c, (e.categories.get(c) ?? 0) + 1);
    if (p.virtualProductCode) e.virtual.add(p.virtualProductCode);
    byCode.set(p.productCode, e);
  }
  const list = [...byCode].map(([productCode, e]) => {
    const category = [...e.categories].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
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

/** Calls `each` with every product of the codes and the feature types of its structure's features. */
async function walk(
  db: Db,
  codes: string[],
  each: (p: ProductRow, typeOf: (featureId: string) => string | undefined) => void,
): Promise<void> {
  const products = await db
    .collection<ProductRow>(COLLECTIONS.products)
    .find(
      { productCode: { $in: codes } },
      { projection: { _id: 0, productCode: 1, rootGroupId: 1, linkId: 1, featureIds: 1 } },
    )
    .toArray();
  const roots = [...new Set(products.map((p) => p.rootGroupId))];
  const types = new Map<string, string>();
  for (let i = 0; i < roots.length; i += BATCH) {
    const structures = db
      .collection<{ features?: Record<string, { attributes?: { type?: string } }> }>(COLLECTIONS.structures)
      .find({ rootGroupId: { $in: roots.slice(i, i + BATCH) } }, { projection: { _id: 0, features: 1 } });
    for await (const s of structures)
      for (const [id, f] of Object.entries(s.features ?? {}))
        if (f.attributes?.type) types.set(id, f.attributes.type);
  }
  for (const p of products) each(p, (id) => types.get(id));
}

export async function featureTypes(db: Db, codes: string[]): Promise<FeatureTypes> {
  const byCode = new Map(codes.map((c) => [c, { devices: 0, types: new Map<string, number>() }]));
  await walk(db, codes, (p, typeOf) => {
    const e = byCode.get(p.productCode);
    if (!e) return;
    e.devices++;
    for (const id of p.featureIds ?? []) {
      const t = typeOf(id);
      if (t) e.types.set(t, (e.types.get(t) ?? 0) + 1);
    }
  });
  return {
    products: codes.map((productCode) => {
      const e = byCode.get(productCode) ?? { devices: 0, types: new Map() };
      return {
        productCode,
        devices: e.devices,
        types: [...e.types]
          .map(([type, features]) => ({ type, features }))
          .sort((a, b) => a.type.localeCompare(b.type)),
      };
    }),
  };
}

/** The chosen products' features of the chosen types, per product and type, in feature id order. */
export async function chosenFeatures(
  db: Db,
  chosen: ProductsAndFeatures,
): Promise<Map<string, ChosenFeature[]>> {
  const wanted = new Map(chosen.map((c) => [c.productCode, new Set(c.featureTypes)]));
  const out = new Map<string, ChosenFeature[]>();
  for (const c of chosen) for (const t of c.featureTypes) out.set(pairKey(c.productCode, t), []);
  await walk(db, [...wanted.keys()], (p, typeOf) => {
    for (const featureId of p.featureIds ?? []) {
      const featureType = typeOf(featureId);
      if (!featureType || !wanted.get(p.productCode)?.has(featureType)) continue;
      out.get(pairKey(p.productCode, featureType))?.push({
        productCode: p.productCode,
        featureType,
        featureId,
        linkId: p.linkId,
      });
    }
  });
  for (const list of out.values()) list.sort((a, b) => a.featureId.localeCompare(b.featureId));
  return out;
}

export const pairKey = (productCode: string, featureType: string) => `${productCode}\u0000${featureType}`;

export async function featureIds(db: Db, chosen: ProductsAndFeatures): Promise<FeatureIds> {
  const all = await chosenFeatures(db, chosen);
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
