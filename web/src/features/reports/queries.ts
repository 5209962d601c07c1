import {
  REPORTS,
  type ReportJob,
  type ReportKind,
  type ReportName,
  type ReportProgress,
} from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

export const reportKeys = { progress: (kind: ReportKind) => ['reports', kind] as const };

/** Each report's call (seed 000 §7 "Reports"). */
const PATHS: Record<ReportName, string> = {
  allEmails: '/api/reports/allemails/exportCSV',
  activeConnect: '/api/reports/allemails/csvUsersWithActiveConnect',
  links: '/api/reports/links/exportCSV',
  activeLinkPlus: '/api/reports/links/csvUsersWithActiveLinkPlus',
  userDevices: '/api/reports/user-devices/exportCSV',
  productsWithConnect: '/api/reports/user-devices/csvUsersAndProductsWithConnect',
  featureData: '/api/linkplus-products/runFeatureDataByProduct',
};

/**
 * GET /api/reports/{kind}/inProgress: polled every second while a job of the kind is under way
 * (started here, in another tab or by a colleague), so its progress survives a reload.
 */
export const reportProgressQueryOptions = (kind: ReportKind) =>
  queryOptions({
    queryKey: reportKeys.progress(kind),
    queryFn: ({ signal }) => apiRequest<ReportProgress>(`/api/reports/${kind}/inProgress`, { signal }),
    refetchInterval: (q) => (q.state.data?.inProgress ? 1000 : false),
  });

export const startReport = (name: ReportName, body: Record<string, unknown>) =>
  apiRequest<ReportJob>(PATHS[name], { method: 'POST', body });

export const reportKind = (name: ReportName): ReportKind => REPORTS[name].kind;
