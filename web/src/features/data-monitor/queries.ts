import { DATA_MONITOR, type EnergyPage, type GetEnergyBody } from '@console/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

/** The getEnergy call for one page, oldest first (seed 000 §7): PUT /api/supportdm/getEnergy/{page}/{order}/{count}. */
export function fetchEnergyPage(
  body: GetEnergyBody,
  page: number,
  count: number = DATA_MONITOR.graphLoad,
  signal?: AbortSignal,
): Promise<EnergyPage> {
  return call('search.getEnergyCount', { params: { page, order: 'asc', count }, body, signal });
}

export function energyQueryOptions(body: GetEnergyBody, page: number) {
  return queryOptions({
    queryKey: ['data-monitor', 'energy', body, page] as const,
    queryFn: ({ signal }) => fetchEnergyPage(body, page, DATA_MONITOR.graphLoad, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
