import type { FeatureDataOptions, ProductsAndFeatures } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

/** What Get Results asks for besides the stats: nothing, the exceptions, or the sampled values. */
export type ResultView = 'stats' | 'exceptions' | 'featureData';

export const featureDataKeys = {
  all: ['linkplus-data'] as const,
  products: (filter: string) => ['linkplus-data', 'products', filter] as const,
  result: (view: ResultView) => ['linkplus-data', 'result', view] as const,
};

/** GET /api/product-meta/getAll[/{filter}] (seed 002): the product search of the screen. */
export const productListQueryOptions = (filter: string) =>
  queryOptions({
    queryKey: featureDataKeys.products(filter),
    queryFn: ({ signal }) =>
      filter
        ? call('stats.productMetaFilter', { params: { filter }, signal })
        : call('stats.productMetaAll', { signal }),
  });

const RESULT_QUERY = {
  stats: {},
  exceptions: { exceptions: true },
  featureData: { featureData: 'all' },
} as const;

/** GET …/getFeatureDataByProductResult: polled every second while a run is under way. */
export const featureDataResultQueryOptions = (view: ResultView) =>
  queryOptions({
    queryKey: featureDataKeys.result(view),
    queryFn: ({ signal }) => call('stats.featureDataResult', { query: RESULT_QUERY[view], signal }),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
  });

export const getFeatureTypes = (productCodes: string[]) =>
  call('stats.featureTypes', { body: { productCodes, project: 'linkplus' } });

export const getFeatureIds = (productsAndFeatures: ProductsAndFeatures) =>
  call('stats.featureIdsByProductAndType', { body: { productsAndFeatures } });

export const runFeatureData = (productsAndFeatures: ProductsAndFeatures, options: FeatureDataOptions) =>
  call('stats.runFeatureData', { body: { productsAndFeatures, options } });

export const cancelFeatureData = () => call('stats.cancelFeatureData');
