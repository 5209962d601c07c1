import type {
  AckUnit,
  DmAnswer,
  HubSummary,
  ProductsByDate,
  RowsAnswer,
  StatsAnswer,
  StatsTab,
  UsersWithApi,
  VoiceUsers,
} from '@console/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

export const statsKeys = { all: ['stats'] as const };

const qs = (q: Record<string, string | number | undefined>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
};

export interface TabRequest {
  tab: StatsTab;
  limit: number;
  period: number;
  pieSize?: number;
  measure?: 'total' | 'unique';
}

/** The URL of a tab's call: `/api/supportPlus/stats/{kind}` or `/any?projection=` (core spec §7). */
export function tabUrl(r: TabRequest): string {
  const q = { limit: r.limit, period: r.period, pieSize: r.pieSize, measure: r.measure };
  return r.tab.kind === 'any'
    ? `/api/supportPlus/stats/any${qs({ ...q, projection: r.tab.projection })}`
    : `/api/supportPlus/stats/${r.tab.kind}${qs(q)}`;
}

export const tabQueryOptions = (r: TabRequest) => {
  const url = tabUrl(r);
  return queryOptions({
    queryKey: [...statsKeys.all, 'tab', url] as const,
    queryFn: ({ signal }) => apiRequest<StatsAnswer>(url, { signal }),
    placeholderData: keepPreviousData,
  });
};

export const productsByDateQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'productsByDate', limit] as const,
    queryFn: ({ signal }) =>
      apiRequest<ProductsByDate>(
        `/api/supportPlus/stats/productsByDate${qs({ limit, period: 86_400_000 })}`,
        { signal },
      ),
  });

export const protocolErrorsQueryOptions = (range: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'protocolErrors', range] as const,
    queryFn: ({ signal }) =>
      apiRequest<StatsAnswer>('/api/supportPlus/protocolerrors/', {
        method: 'POST',
        body: range.from || range.to ? { filter: { createdDate: { $gte: range.from, $lte: range.to } } } : {},
        signal,
      }),
  });

export const agentGraphQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'agentGraph', limit] as const,
    queryFn: ({ signal }) =>
      apiRequest<StatsAnswer>('/api/statistics/agent/', { method: 'POST', body: { limit }, signal }),
  });

export interface Range {
  from?: string;
  to?: string;
}

export const usersWithApiQueryOptions = () =>
  queryOptions({
    queryKey: [...statsKeys.all, 'usersWithApi'] as const,
    queryFn: ({ signal }) => apiRequest<UsersWithApi>('/api/link1-api-users/users-with-api', { signal }),
  });

export const ackStatsQueryOptions = (unit: AckUnit, r: Range) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'acks', unit, r] as const,
    queryFn: ({ signal }) =>
      apiRequest<RowsAnswer>(
        `/api/support/wflcommands/ack-stats/${unit}${qs({ fromDate: r.from, toDate: r.to })}`,
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });

export const demandQueryOptions = (interval: number, r: Range) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'demand', interval, r] as const,
    queryFn: ({ signal }) =>
      apiRequest<RowsAnswer>(`/api/statistics/cmd-statistics/demmand/${interval}${qs({ ...r })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const dailyQueryOptions = (r: Range) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'daily', r] as const,
    queryFn: ({ signal }) =>
      apiRequest<RowsAnswer>(`/api/statistics/cmd-statistics/daily${qs({ ...r })}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const dmQueryOptions = (r: Range) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'dm', r] as const,
    queryFn: ({ signal }) => apiRequest<DmAnswer>(`/api/statistics/dm-statistics${qs({ ...r })}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** Link Plus per day: a range oldest first, or (no range) the latest `limit` days. */
export const linkplusQueryOptions = (r: Range, limit = 10_000) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'linkplus', r, limit] as const,
    queryFn: async ({ signal }) => {
      const latest = !r.from && !r.to;
      const rows = await apiRequest<{ date: string; devices: { L2: number } }[]>(
        '/api/statistics/linkplus-statistics',
        {
          method: 'POST',
          body: {
            sort: { date: latest ? -1 : 1 },
            ...(latest ? {} : { filter: { date: { $gte: r.from, $lte: r.to } } }),
            limit,
          },
          signal,
        },
      );
      return latest ? rows.reverse() : rows;
    },
  });

export const voiceUsersQueryOptions = () =>
  queryOptions({
    queryKey: [...statsKeys.all, 'voice'] as const,
    queryFn: ({ signal }) => apiRequest<VoiceUsers>('/api/agents/usersPercentWithVoice', { signal }),
  });

export const hubSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...statsKeys.all, 'hubSummary'] as const,
    queryFn: ({ signal }) => apiRequest<HubSummary>('/api/supportPlus/stats/hubs', { signal }),
  });
