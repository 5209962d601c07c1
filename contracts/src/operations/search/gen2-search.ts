import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, DateTimeString, fields, literalUnion, Nullable } from '../../world/common.ts';

export const PRODUCT_SEARCH_FIELDS = ['serial', 'name', 'productCode', 'virtualProductCode'] as const;
export type ProductSearchField = (typeof PRODUCT_SEARCH_FIELDS)[number];

export const Gen2SearchBodySchema = ClosedObject({
  text: Type.String({
    maxLength: 1000,
    description:
      "With '@': e-mail only. Otherwise userId, hubId (decimal, or 'bc' + 6 hex digits), rootGroupId and, when `products`, product fields. May be empty with `migrated`.",
  }),
  products: Type.Optional(Type.Boolean({ description: 'Also search products (the product checkbox)' })),
  productFields: Type.Optional(
    Type.Array(Type.Union(PRODUCT_SEARCH_FIELDS.map((f) => Type.Literal(f))), {
      uniqueItems: true,
      maxItems: 4,
      description: 'Product fields to search (the multi-select); all four when omitted',
    }),
  ),
  migrated: Type.Optional(
    Type.Boolean({ description: "The 'Migrated' quick search: structures with migrated products" }),
  ),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 100,
      description: 'Users and structures listed, each (default 20)',
    }),
  ),
});
export type Gen2SearchBody = Static<typeof Gen2SearchBodySchema>;

export const MATCHED_BY = ['email', 'userId', 'hubId', 'rootGroupId', 'product', 'migrated'] as const;
const MatchedBy = Type.Union(MATCHED_BY.map((m) => Type.Literal(m)));

export const Gen2UserHitSchema = Type.Object({
  ...fields(Type.String, 'userId', 'email'),
  createdDate: DateTimeString(),
  rootGroupIds: Type.Array(Type.String()),
  noRoot: Type.Boolean(),
  hubId: Nullable(Type.Integer({ description: 'The hub a no-root user registered' })),
  matchedBy: MatchedBy,
});
export type Gen2UserHit = Static<typeof Gen2UserHitSchema>;

export const ProductHitSchema = Type.Object({
  ...fields(Type.String, 'deviceId', 'name', 'serial', 'productCode'),
  virtualProductCode: Nullable(Type.String()),
  linkId: Type.Integer(),
});
export type ProductHit = Static<typeof ProductHitSchema>;

export const Gen2StructureHitSchema = Type.Object({
  rootGroupId: Type.String(),
  name: Type.String({ description: 'Location name' }),
  createdDate: DateTimeString(),
  link2: Type.Array(Type.Integer(), { description: 'Its Link Plus hubs' }),
  userIds: Type.Array(Type.String(), { description: 'Users with access' }),
  matchedBy: MatchedBy,
  products: Type.Array(ProductHitSchema, { description: 'The products that matched (product searches)' }),
});
export type Gen2StructureHit = Static<typeof Gen2StructureHitSchema>;

export const Gen2SearchResultSchema = Type.Object({
  text: Type.String({ description: 'The term as searched (trimmed)' }),
  mode: literalUnion(['email', 'ids', 'migrated']),
  hubId: Nullable(
    Type.Integer({ description: "Set when the term was read as a hub id ('bc' + hex, or decimal)" }),
  ),
  loosened: Type.Boolean({
    description:
      'True when nothing matched exactly and these results come from the looser match (prefix, then contains)',
  }),
  users: Type.Array(Gen2UserHitSchema, { description: 'Newest first' }),
  structures: Type.Array(Gen2StructureHitSchema),
  totalStructures: Type.Integer({
    description: "'Found N Structures'; may exceed the list (see `truncated`)",
  }),
  truncated: Type.Boolean({
    description: 'More users or structures matched than are listed; raise `limit` to load all',
  }),
});
export type Gen2SearchResult = Static<typeof Gen2SearchResultSchema>;
