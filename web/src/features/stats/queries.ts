import type { AckUnit, DEMAND_INTERVALS, STATS_PERIODS, StatsAnswer, StatsTab } from '@console/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call, operationUrl } from '../../shared/api/call.ts';

export const statsKeys = { all: ['stats'] as const };

/** A range's ends as the query takes them: an empty field is no bound. */
const ends = (r: Range) => ({ from: r.from || undefined, to: r.to || undefined });

export interface TabRequest {
  tab: StatsTab;
  limit: number;
  period: (typeof STATS_PERIODS)[keyof typeof STATS_PERIODS];
  pieSize?: number;
  measure?: 'total' | 'unique';
}

const tabQuery = (r: TabRequest) => ({
  limit: r.limit,
  period: r.period,
  pieSize: r.pieSize,
  measure: r.measure,
});

/** A tab's call: its kind's own, or `any` with the tab's projection. */
function tabCall(r: TabRequest) {
  const query = tabQuery(r);
  if (r.tab.kind !== 'any')
    return { id: 'stats.tab', input: { params: { kind: r.tab.kind }, query } } as const;
  const { projection } = r.tab;
  if (!projection) throw new Error(`The statistics tab ${r.tab.id} names no projection`);
  return { id: 'stats.any', input: { query: { ...query, projection } } } as const;
}

/** The URL of a tab's call (`stats.tab` by kind, or `stats.any` with the projection; core spec §7): the tab's query key. */
export function tabUrl(r: TabRequest): string {
  const c = tabCall(r);
  return c.id === 'stats.any' ? operationUrl(c.id, c.input) : operationUrl(c.id, c.input);
}

function fetchTab(r: TabRequest, signal: AbortSignal): Promise<StatsAnswer> {
  const c = tabCall(r);
  return c.id === 'stats.any' ? call(c.id, { ...c.input, signal }) : call(c.id, { ...c.input, signal });
}

export const tabQueryOptions = (r: TabRequest) => {
  return queryOptions({
    queryKey: [...statsKeys.all, 'tab', tabUrl(r)] as const,
    queryFn: ({ signal }) => fetchTab(r, signal),
    placeholderData: keepPreviousData,
  });
};

export const productsByDateQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'productsByDate', limit] as const,
    queryFn: ({ signal }) => call('stats.productsByDate', { query: { limit, period: 86_400_000 }, signal }),
  });

export const protocolErrorsQueryOptions = (range: { from?: string; to?: string }) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'protocolErrors', range] as const,
    queryFn: ({ signal }) =>
      call('stats.protocolErrors', {
        body: range.from || range.to ? { filter: { createdDate: { $gte: range.from, $lte: range.to } } } : {},
        signal,
      }),
  });

export const agentGraphQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'agentGraph', limit] as const,
    queryFn: ({ signal }) => call('stats.agentGraph', { body: { limit }, signal }),
  });

export interface Range {
  from?: string;
  to?: string;
}

export const usersWithApiQueryOptions = () =>
  queryOptions({
    queryKey: [...statsKeys.all, 'usersWithApi'] as const,
    queryFn: ({ signal }) => call('stats.usersWithApi', { signal }),
  });

export const ackStatsQueryOptions = (unit: AckUnit, r: Range) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'acks', unit, r] as const,
    queryFn: ({ signal }) =>
      call('stats.ackStats', {
        params: { unit },
        query: { fromDate: r.from || undefined, toDate: r.to || undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The demand graph's interval in minutes. */
export type DemandInterval = (typeof DEMAND_INTERVALS)[number];

export const demandQueryOptions = (interval: DemandInterval, r: Range) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'demand', interval, r] as const,
    queryFn: ({ signal }) => call('stats.demand', { params: { interval }, query: ends(r), signal }),
    placeholderData: keepPreviousData,
  });

export const dailyQueryOptions = (r: Range) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'daily', r] as const,
    queryFn: ({ signal }) => call('stats.daily', { query: ends(r), signal }),
    placeholderData: keepPreviousData,
  });

export const dmQueryOptions = (r: Range) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'dm', r] as const,
    queryFn: ({ signal }) => call('stats.dmStatistics', { query: ends(r), signal }),
    placeholderData: keepPreviousData,
  });

/** Link Plus per day: a range oldest first, or (no range) the latest `limit` days. */
export const linkplusQueryOptions = (r: Range, limit = 10_000) =>
  queryOptions({
    queryKey: [...statsKeys.all, 'linkplus', r, limit] as const,
    queryFn: async ({ signal }) => {
      const latest = !r.from && !r.to;
      const rows = await call('stats.linkplusStatistics', {
        body: {
          sort: { date: latest ? -1 : 1 },
          ...(latest ? {} : { filter: { date: { $gte: r.from, $lte: r.to } } }),
          limit,
        },
        signal,
      });
      return latest ? rows.reverse() : rows;
    },
  });

export const voiceUsersQueryOptions = () =>
  queryOptions({
    queryKey: [...statsKeys.all, 'voice'] as const,
    queryFn: ({ signal }) => call('stats.usersPercentWithVoice', { signal }),
  });

export const hubSummaryQueryOptions = () =>
  queryOptions({
    queryKey: [...statsKeys.all, 'hubSummary'] as const,
    queryFn: ({ signal }) => call('stats.hubSummary', { signal }),
  });
