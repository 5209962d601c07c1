import { REPORTS, type ReportJob, type ReportKind, type ReportName } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, callUnchecked } from '../../shared/api/call.ts';

export const reportKeys = { progress: (kind: ReportKind) => ['reports', kind] as const };

/**
 * GET /api/reports/{kind}/inProgress: polled every second while a job of the kind is under way
 * (started here, in another tab or by a colleague), so its progress survives a reload.
 */
export const reportProgressQueryOptions = (kind: ExportKind) =>
  queryOptions({
    queryKey: reportKeys.progress(kind),
    queryFn: ({ signal }) => call('stats.reportInProgress', { params: { kind }, signal }),
    refetchInterval: (q) => (q.state.data?.inProgress ? 1000 : false),
  });

/** Starts a report; each report's form builds its own body (the server checks it against the operation). */
export const startReport = (name: ReportName, body: Record<string, unknown>) =>
  callUnchecked(REPORTS[name].op, { body }) as Promise<ReportJob>;

/** The reports of the marketing screens (the feature-data run has its own screen and calls). */
export type ExportReportName = Exclude<ReportName, 'featureData'>;
export type ExportKind = (typeof REPORTS)[ExportReportName]['kind'];

export const reportKind = (name: ExportReportName): ExportKind => REPORTS[name].kind;
