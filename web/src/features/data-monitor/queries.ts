import { DATA_MONITOR, type EnergyPage, type GetEnergyBody } from '@console/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api/client.ts';

/** The getEnergy call for one page (seed 000 §7): PUT /api/supportdm/getEnergy/{page}/{order}/{count}. */
export function energyPath(page: number, count: number = DATA_MONITOR.graphLoad): string {
  return `/api/supportdm/getEnergy/${page}/asc/${count}`;
}

export function energyQueryOptions(body: GetEnergyBody, page: number) {
  return queryOptions({
    queryKey: ['data-monitor', 'energy', body, page] as const,
    queryFn: ({ signal }) => apiRequest<EnergyPage>(energyPath(page), { method: 'PUT', body, signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
