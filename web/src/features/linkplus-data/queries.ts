import type {
  FeatureDataOptions,
  FeatureDataResult,
  FeatureIds,
  FeatureTypes,
  ProductList,
  ProductsAndFeatures,
  ReportJob,
} from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

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
      apiRequest<ProductList>(
        filter ? `/api/product-meta/getAll/${encodeURIComponent(filter)}` : '/api/product-meta/getAll',
        { signal },
      ),
  });

const RESULT_QUERY: Record<ResultView, string> = {
  stats: '',
  exceptions: '?exceptions=true',
  featureData: '?featureData=all',
};

/** GET …/getFeatureDataByProductResult: polled every second while a run is under way. */
export const featureDataResultQueryOptions = (view: ResultView) =>
  queryOptions({
    queryKey: featureDataKeys.result(view),
    queryFn: ({ signal }) =>
      apiRequest<FeatureDataResult>(
        `/api/linkplus-products/getFeatureDataByProductResult${RESULT_QUERY[view]}`,
        { signal },
      ),
    refetchInterval: (q) => (q.state.data?.state === 'running' ? 1000 : false),
  });

export const getFeatureTypes = (productCodes: string[]) =>
  apiRequest<FeatureTypes>('/api/linkplus-products/featureTypes', {
    method: 'POST',
    body: { productCodes, project: 'linkplus' },
  });

export const getFeatureIds = (productsAndFeatures: ProductsAndFeatures) =>
  apiRequest<FeatureIds>('/api/linkplus-products/featureIdsByProductAndType', {
    method: 'POST',
    body: { productsAndFeatures },
  });

export const runFeatureData = (productsAndFeatures: ProductsAndFeatures, options: FeatureDataOptions) =>
  apiRequest<ReportJob>('/api/linkplus-products/runFeatureDataByProduct', {
    method: 'POST',
    body: { productsAndFeatures, options },
  });

export const cancelFeatureData = () =>
  apiRequest<{ cancelled: boolean; job: ReportJob | null }>(
    '/api/linkplus-products/cancelrunFeatureDataByProduct',
    { method: 'POST' },
  );
