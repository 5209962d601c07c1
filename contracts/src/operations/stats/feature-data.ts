import { type Static, Type } from '@sinclair/typebox';
import type { Role } from '../../roles.ts';
import { ClosedObject, DateTimeString, literalUnion, Nullable } from '../../world/common.ts';
import { serviceOp } from '../types.ts';
import { ReportJobSchema } from './reports.ts';

/**
 * The feature-data screen (/linkplus-data, seed 002 "Feature-data screen", calls, states and the
 * worker constants): Gen2 products and their feature types, and a run that samples each chosen
 * feature's stored values. A run is a report job of kind 'feature-data' on the same REPORTS work
 * queue (one at a time, progress, the CSV e-mailed); its summary is kept with the job for Get Results.
 */
export const FEATURE_DATA_ROLES: readonly Role[] = ['datauser'];

/** Seed 002 worker constants, and the limits of one run. */
export const FEATURE_DATA = {
  /** Values newer than this are still settling: the sample skips them. */
  ignoreRecentMinutes: 15,
  /** The sample reads values of the last 90 days. */
  beforeDays: 90,
  /** Records a feature's sample holds ("get returns 10 records"). */
  getRecords: 10,
  /** dimLevel samples 10 records from the database unless DB Recs is set. */
  dimLevelSample: 10,
  maxFeaturesDefault: 100,
  maxFeaturesMax: 10_000,
  dbRecsMax: 1000,
  /** Exceptions and sampled features a run keeps for Get Results at most (the CSV has them all). */
  keptMax: 20_000,
  /** Sampled values a run keeps for Get Feature Data at most. */
  keptValuesMax: 200_000,
  /** Feature ids one "Get Features" answer lists per product and type. */
  featureIdsMax: 1000,
} as const;

export const FEATURE_DATA_TEXT = {
  noValues: 'No values in the database in the sampled window',
  noHub: 'The hub of this feature is not in hubs',
  inactive: 'The hub was not active in the chosen days',
  liveFailed: 'Live read gave no value',
  notKept: 'Keep Feature Data was off for this run: only the stats were kept.',
} as const;

const ProductCode = Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' });
const FeatureType = Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_-]+$' });

export const ProductMetaSchema = Type.Object({
  productCode: Type.String(),
  category: Type.String({ description: 'The device category most products with this code have' }),
  description: Type.String({
    description: 'What the stored products say of the code: counts and virtual code',
  }),
  products: Type.Integer({ minimum: 0, description: 'Paired products with this code' }),
});
export type ProductMeta = Static<typeof ProductMetaSchema>;
export const ProductListSchema = Type.Object({ productList: Type.Array(ProductMetaSchema) });
export type ProductList = Static<typeof ProductListSchema>;

export const FeatureTypesBodySchema = ClosedObject({
  productCodes: Type.Array(ProductCode, { minItems: 1, maxItems: 100, uniqueItems: true }),
  project: Type.Optional(
    Type.Literal('linkplus', { description: 'The product family; only Link Plus (Gen2) is stored' }),
  ),
});
export type FeatureTypesBody = Static<typeof FeatureTypesBodySchema>;
export const FeatureTypesSchema = Type.Object({
  products: Type.Array(
    Type.Object({
      productCode: Type.String(),
      devices: Type.Integer({ minimum: 0 }),
      types: Type.Array(
        Type.Object({
          type: Type.String({ description: 'attributes.type of the feature' }),
          features: Type.Integer({ minimum: 0 }),
        }),
      ),
    }),
  ),
});
export type FeatureTypes = Static<typeof FeatureTypesSchema>;

export const ProductsAndFeaturesSchema = Type.Array(
  ClosedObject({
    productCode: ProductCode,
    featureTypes: Type.Array(FeatureType, { minItems: 1, maxItems: 50, uniqueItems: true }),
  }),
  { minItems: 1, maxItems: 100, description: 'The products and, for each, the feature types chosen' },
);
export type ProductsAndFeatures = Static<typeof ProductsAndFeaturesSchema>;

export const FeatureIdsBodySchema = ClosedObject({ productsAndFeatures: ProductsAndFeaturesSchema });
export const FeatureIdsSchema = Type.Object({
  features: Type.Array(
    Type.Object({
      productCode: Type.String(),
      featureType: Type.String(),
      total: Type.Integer({ minimum: 0 }),
      featureIds: Type.Array(Type.String(), { description: `At most ${FEATURE_DATA.featureIdsMax}` }),
    }),
  ),
});
export type FeatureIds = Static<typeof FeatureIdsSchema>;

export const FeatureDataOptionsSchema = ClosedObject({
  queryLive: Type.Optional(
    Type.Boolean({
      description:
        'Query Live for missing: a feature with no stored value in the window is read from its hub (hub-control sends one feature-read per online hub, with its transaction, support note and audit naming you); the value goes in the CSV marked live, a failed read is an exception with its reason',
    }),
  ),
  maxFeatures: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: FEATURE_DATA.maxFeaturesMax,
      description: `Features examined per product and type (default ${FEATURE_DATA.maxFeaturesDefault})`,
    }),
  ),
  keepFeatureData: Type.Optional(
    Type.Boolean({ description: 'Keep the sampled values for Get Feature Data' }),
  ),
  dbRecs: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: FEATURE_DATA.dbRecsMax,
      description: `Records per feature from the database (default ${FEATURE_DATA.getRecords}; dimLevel ${FEATURE_DATA.dimLevelSample})`,
    }),
  ),
  activeDays: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 3650, description: 'Only links active in the last N days' }),
  ),
});
export type FeatureDataOptions = Static<typeof FeatureDataOptionsSchema>;

export const RunFeatureDataBodySchema = ClosedObject({
  productsAndFeatures: ProductsAndFeaturesSchema,
  options: FeatureDataOptionsSchema,
});
export type RunFeatureDataBody = Static<typeof RunFeatureDataBodySchema>;

export const FeatureDataStatSchema = Type.Object({
  productCode: Type.String(),
  featureType: Type.String(),
  featuresExamined: Type.Integer({ minimum: 0 }),
  featuresWithValues: Type.Integer({ minimum: 0 }),
  valuesSampled: Type.Integer({ minimum: 0 }),
  exceptions: Type.Integer({ minimum: 0 }),
  links: Type.Integer({ minimum: 0, description: 'Distinct hubs of the examined features' }),
  liveValues: Type.Optional(
    Type.Integer({
      minimum: 0,
      description: 'Features whose value came from a live read (Query Live for missing)',
    }),
  ),
});
export const FeatureDataExceptionSchema = Type.Object({
  productCode: Type.String(),
  featureType: Type.String(),
  featureId: Type.String(),
  linkId: Type.Integer(),
  reason: Type.String(),
});
export const FeatureDataValuesSchema = Type.Object({
  productCode: Type.String(),
  featureType: Type.String(),
  featureId: Type.String(),
  linkId: Type.Integer(),
  values: Type.Array(
    Type.Object({
      at: DateTimeString(),
      value: Type.Unknown(),
      live: Type.Optional(Type.Boolean({ description: 'Read from the hub by Query Live for missing' })),
    }),
    {
      description: 'Newest first',
    },
  ),
});
export type FeatureDataStat = Static<typeof FeatureDataStatSchema>;
export type FeatureDataException = Static<typeof FeatureDataExceptionSchema>;
export type FeatureDataValues = Static<typeof FeatureDataValuesSchema>;

/** What a finished run keeps (with its job) for Get Results. */
export const FeatureDataSummarySchema = Type.Object({
  window: Type.Object({ from: DateTimeString(), to: DateTimeString() }),
  stats: Type.Array(FeatureDataStatSchema),
  exceptionCount: Type.Integer({ minimum: 0 }),
  exceptions: Type.Optional(Type.Array(FeatureDataExceptionSchema, { description: 'With ?exceptions=true' })),
  featureData: Type.Optional(Type.Array(FeatureDataValuesSchema, { description: 'With ?featureData=all' })),
  featureDataKept: Type.Boolean(),
  truncated: Type.Boolean({
    description: `Over ${FEATURE_DATA.keptMax.toLocaleString('en-GB')} exceptions or ${FEATURE_DATA.keptValuesMax.toLocaleString('en-GB')} values: the rest are only in the CSV (newest value per feature)`,
  }),
});
export type FeatureDataSummary = Static<typeof FeatureDataSummarySchema>;

export const FeatureDataResultSchema = Type.Object({
  state: literalUnion(['idle', 'running']),
  lastRan: Nullable(DateTimeString('When the latest finished run ended')),
  job: Nullable(ReportJobSchema),
  result: Nullable(FeatureDataSummarySchema),
});
export type FeatureDataResult = Static<typeof FeatureDataResultSchema>;

export const FeatureDataResultQuerySchema = ClosedObject({
  exceptions: Type.Optional(Type.Boolean({ description: 'Include the exceptions list' })),
  featureData: Type.Optional(Type.Literal('all', { description: 'Include the sampled values' })),
});

export const CancelFeatureDataSchema = Type.Object({
  cancelled: Type.Boolean({ description: 'False when no run was under way' }),
  job: Nullable(ReportJobSchema),
});

const fdOp = serviceOp('stats', ['linkplus-data']);
const access = FEATURE_DATA_ROLES;
export const featureDataOperations = [
  fdOp('stats.productMetaAll', 'GET', '/api/product-meta/getAll', {
    access,
    summary: 'The Gen2 product codes in use, with category and a description',
    response: ProductListSchema,
  }),
  fdOp('stats.productMetaFilter', 'GET', '/api/product-meta/getAll/:filter', {
    access,
    summary: 'The Gen2 product codes whose code, category or description contains the filter',
    params: ClosedObject({ filter: Type.String({ minLength: 1, maxLength: 60 }) }),
    response: ProductListSchema,
  }),
  fdOp('stats.featureTypes', 'POST', '/api/linkplus-products/featureTypes', {
    access,
    summary: 'Per product code, its feature types, counted from the structures of products with that code',
    body: FeatureTypesBodySchema,
    response: FeatureTypesSchema,
  }),
  fdOp('stats.featureIdsByProductAndType', 'POST', '/api/linkplus-products/featureIdsByProductAndType', {
    access,
    summary: 'The feature ids of the chosen products and feature types',
    body: FeatureIdsBodySchema,
    response: FeatureIdsSchema,
  }),
  fdOp('stats.runFeatureData', 'POST', '/api/linkplus-products/runFeatureDataByProduct', {
    access,
    summary:
      "Starts a feature-data run (409 'Current task in progress. Try again later.' while one runs); the CSV is e-mailed",
    body: RunFeatureDataBodySchema,
    response: ReportJobSchema,
  }),
  fdOp('stats.cancelFeatureData', 'POST', '/api/linkplus-products/cancelrunFeatureDataByProduct', {
    access,
    summary: 'Cancels the feature-data run under way (failed, with who cancelled)',
    response: CancelFeatureDataSchema,
  }),
  fdOp('stats.featureDataResult', 'GET', '/api/linkplus-products/getFeatureDataByProductResult', {
    access,
    summary:
      'Run state and the latest result: stats, and with ?exceptions=true or ?featureData=all those too',
    querystring: FeatureDataResultQuerySchema,
    response: FeatureDataResultSchema,
  }),
] as const;
