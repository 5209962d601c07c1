import type {
  Gen2SearchResult,
  Gen2StructureHit,
  Gen2UserHit,
  MATCHED_BY,
  ProductDoc,
  ProductHit,
  StructureDoc,
  UserDoc,
} from '@console/contracts';

export type MatchedBy = (typeof MATCHED_BY)[number];

export const iso = (d: unknown): string => {
  const date = d instanceof Date ? d : new Date(d as string);
  return Number.isNaN(date.getTime()) ? new Date(0).toISOString() : date.toISOString();
};

export function productHit(p: ProductDoc): ProductHit {
  return {
    deviceId: p.deviceId,
    name: p.name ?? '',
    serial: p.serial ?? '',
    productCode: p.productCode ?? '',
    virtualProductCode: p.virtualProductCode ?? null,
    linkId: Number(p.linkId ?? 0),
  };
}

interface StructureEntry {
  doc: StructureDoc | null;
  matchedBy: MatchedBy;
  products: ProductHit[];
}

/** What a Support Plus search has found so far: users and structures, each with how it was found. */
export class Found {
  readonly users = new Map<string, { doc: UserDoc; matchedBy: MatchedBy }>();
  readonly structures = new Map<string, StructureEntry>();

  addUser(doc: UserDoc, matchedBy: MatchedBy): void {
    if (!this.users.has(doc.userId)) this.users.set(doc.userId, { doc, matchedBy });
  }

  addStructure(
    rootGroupId: string | null | undefined,
    matchedBy: MatchedBy,
    doc: StructureDoc | null = null,
  ): StructureEntry | null {
    if (!rootGroupId) return null;
    let entry = this.structures.get(rootGroupId);
    if (!entry) {
      entry = { doc, matchedBy, products: [] };
      this.structures.set(rootGroupId, entry);
    }
    if (doc && !entry.doc) entry.doc = doc;
    return entry;
  }

  addProduct(p: ProductDoc): void {
    const entry = this.addStructure(p.rootGroupId, 'product');
    if (entry && !entry.products.some((x) => x.deviceId === p.deviceId)) entry.products.push(productHit(p));
  }

  /** Every structure of the users found, reached through them. */
  addStructuresOfUsers(): void {
    for (const { doc, matchedBy } of this.users.values()) {
      for (const rg of doc.rootGroupIds ?? []) this.addStructure(rg, matchedBy);
    }
  }

  /** Newest first, as many as asked; the rest only counted. */
  result(
    base: Pick<Gen2SearchResult, 'text' | 'mode' | 'hubId' | 'loosened'>,
    limit: number,
    total?: number,
  ): Gen2SearchResult {
    const users: Gen2UserHit[] = [...this.users.values()]
      .map(({ doc, matchedBy }) => ({
        userId: doc.userId,
        email: doc.email,
        createdDate: iso(doc.createdDate),
        rootGroupIds: doc.rootGroupIds ?? [],
        noRoot: doc.noRoot === true || (doc.rootGroupIds ?? []).length === 0,
        hubId: typeof doc.hubId === 'number' ? doc.hubId : null,
        matchedBy,
      }))
      .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
    const structures: Gen2StructureHit[] = [...this.structures.entries()]
      .filter(([, e]) => e.doc)
      .map(([rootGroupId, e]) => {
        const s = e.doc as StructureDoc;
        return {
          rootGroupId,
          name: s.name ?? '',
          createdDate: iso(s.createdDate),
          link2: s.link2 ?? [],
          userIds: (s.userRootAccess ?? []).map((a) => a.userId),
          matchedBy: e.matchedBy,
          products: e.products,
        };
      })
      .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
    return {
      ...base,
      users: users.slice(0, limit),
      structures: structures.slice(0, limit),
      totalStructures: total ?? this.structures.size,
      truncated: users.length > limit || (total ?? this.structures.size) > limit,
    };
  }
}
