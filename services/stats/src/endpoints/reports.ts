import { randomUUID } from 'node:crypto';
import {
  ApiError,
  REPORT_ACTIVE_DAYS,
  REPORT_TEXT,
  REPORTS,
  type ReportJob,
  type ReportName,
  statsOperations,
} from '@console/contracts';
import { callerOf, defineHandlers, type HandlerContext } from '@console/kit';
import type { FastifyInstance } from 'fastify';
import type { StoredJob } from '../reports/jobs.store.ts';

/** What the screens see of a job (the addressee is the requester; the ids stay inside). */
export function shown(job: StoredJob): ReportJob {
  const { email: _email, requestedById: _id, result: _result, ...rest } = job;
  // Whom a feature-data run reads hubs for stays inside too (the requester's address is shown).
  const { runBy: _runBy, ...params } = rest.params;
  return { ...rest, params };
}

/**
 * Records a job (409 while one of its kind is queued or running anywhere) and puts it on the work
 * queue; one that cannot be queued is failed at once, so it never holds its kind.
 */
export async function queueJob(
  app: FastifyInstance,
  ctx: HandlerContext,
  report: ReportName,
  params: Record<string, unknown>,
): Promise<ReportJob> {
  const caller = callerOf(ctx);
  const job = await app.reports.jobs.create({
    jobId: randomUUID(),
    kind: REPORTS[report].kind,
    report,
    params,
    requestedById: caller.userId,
    requestedBy: caller.email,
    email: caller.email,
  });
  try {
    await app.reports.enqueue(job);
  } catch (err) {
    await app.reports.jobs.fail(job.jobId, 'The job could not be queued; please try again.');
    throw err;
  }
  ctx.log.info({ jobId: job.jobId, report, by: caller.email }, 'report job queued');
  return shown(job);
}

/**
 * The report screens' calls: each starts one job (refused with 409 while one of its kind is queued
 * or running anywhere), and `inProgress` tells any instance's screen how far it is.
 */
export function reportHandlers(app: FastifyInstance) {
  const start = async (name: ReportName, ctx: HandlerContext<Record<string, unknown>>) => {
    const caller = callerOf(ctx);
    const body = { ...ctx.body };
    const email = String(body.email).trim();
    // The CSV holds customers' personal data: it goes to the requester's own mailbox, nowhere else.
    if (email.toLowerCase() !== caller.email.toLowerCase()) throw new ApiError(403, REPORT_TEXT.ownAddress);
    if ('link1' in body && body.link1 !== true && body.linkPlus !== true)
      throw new ApiError(400, REPORT_TEXT.noOption);
    if (REPORTS[name] === REPORTS.activeConnect || REPORTS[name] === REPORTS.activeLinkPlus)
      body.activeInLastDays = body.activeInLastDays ?? REPORT_ACTIVE_DAYS.default;
    if (name === 'activeLinkPlus') {
      for (const m of [body.fromDate, body.toDate])
        if (Number.isNaN(Date.parse(String(m)))) throw new ApiError(400, `Not a date: ${String(m)}`);
      if (Date.parse(String(body.fromDate)) > Date.parse(String(body.toDate)))
        throw new ApiError(400, 'The from date is after the to date.');
    }
    const { email: _e, ...params } = body;
    return queueJob(app, ctx, name, params);
  };
  return defineHandlers(statsOperations, {
    'stats.reportInProgress': async ({ params }) => {
      const job = await app.reports.jobs.current(params.kind);
      return {
        kind: params.kind,
        inProgress: job !== null && (job.status === 'queued' || job.status === 'running'),
        job: job ? shown(job) : null,
      };
    },
    'stats.reportAllEmails': (ctx) => start('allEmails', ctx),
    'stats.reportActiveConnect': (ctx) => start('activeConnect', ctx),
    'stats.reportLinks': (ctx) => start('links', ctx),
    'stats.reportActiveLinkPlus': (ctx) => start('activeLinkPlus', ctx),
    'stats.reportUserDevices': (ctx) => start('userDevices', ctx),
    'stats.reportProductsWithConnect': (ctx) => start('productsWithConnect', ctx),
  });
}
