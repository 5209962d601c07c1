import { type FeatureDataSummary, REPORTS, statsOperations } from '@console/contracts';
import { callerOf, defineHandlers } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import { featureIds, featureTypes, productList } from '../plugins/linkplus-products.ts';
import { queueJob, shown } from './reports.ts';

const KIND = REPORTS.featureData.kind;

/**
 * The /linkplus-data calls (seed 002): product search and feature types from the read models; the
 * run is a report job of kind 'feature-data' on the REPORTS work queue (409 while one is queued or
 * running anywhere), cancelled by marking it failed with who cancelled, and its summary kept with
 * the job for Get Results.
 */
export function featureDataHandlers(app: FastifyInstance) {
  /** The read models' pool, once the products and features have been read. */
  const products = async () => {
    await app.readModels.need('products', 'structures');
    return app.readModels.pool;
  };
  return defineHandlers(statsOperations, {
    'stats.productMetaAll': async () => ({ productList: await productList(await products()) }),
    'stats.productMetaFilter': async ({ params }) => ({
      productList: await productList(await products(), params.filter),
    }),
    'stats.featureTypes': async ({ body }) => featureTypes(await products(), body.productCodes),
    'stats.featureIdsByProductAndType': async ({ body }) =>
      featureIds(await products(), body.productsAndFeatures),
    'stats.runFeatureData': async (ctx) => {
      const { userId, email, name, roles } = callerOf(ctx);
      return queueJob(app, ctx, 'featureData', {
        productsAndFeatures: ctx.body.productsAndFeatures,
        options: ctx.body.options,
        // Query Live for missing reads hubs for this data user (hub-control checks the role again).
        ...(ctx.body.options.queryLive ? { runBy: { userId, email, name, roles } } : {}),
      });
    },
    'stats.cancelFeatureData': async (ctx) => {
      const caller = callerOf(ctx);
      const job = await app.reports.jobs.cancel(KIND, caller.email);
      if (job) ctx.log.info({ jobId: job.jobId, by: caller.email }, 'feature-data run cancelled');
      return { cancelled: job !== null, job: job ? shown(job) : null };
    },
    'stats.featureDataResult': async ({ query }) => {
      // The job first, then the latest done: a job seen done is then always the latest done (read
      // together, a job finishing between the two reads was answered done with no lastRan).
      const current = await app.reports.jobs.current(KIND);
      const latest = await app.reports.jobs.latestDone(KIND);
      const running = current !== null && (current.status === 'queued' || current.status === 'running');
      const kept = latest?.result as FeatureDataSummary | null | undefined;
      let result: FeatureDataSummary | null = null;
      if (kept) {
        const { exceptions, featureData, ...rest } = kept;
        result = {
          ...rest,
          ...(query.exceptions ? { exceptions: exceptions ?? [] } : {}),
          ...(query.featureData === 'all' ? { featureData: featureData ?? [] } : {}),
        };
      }
      return {
        state: running ? ('running' as const) : ('idle' as const),
        lastRan: latest?.finishedAt ?? null,
        job: current ? shown(current) : null,
        result,
      };
    },
  });
}
