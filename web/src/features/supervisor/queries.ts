import type {
  HostsList,
  HostView,
  ProcessInfoReply,
  WorkerConnectionRow,
  WorkerOfflineQuery,
  WorkerOfflineReport,
  WorkerOldQuery,
} from '@console/contracts';
import { SUPERVISOR_LIMITS } from '@console/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../shared/api/call.ts';

export const supervisorKeys = {
  hosts: () => ['supervisor', 'hosts'] as const,
  processInfo: (id: string) => ['supervisor', 'process-info', id] as const,
  services: () => ['ops', 'services'] as const,
};

/** The board's hosts; refetched every 10 s (core spec §9) besides the live heartbeats. */
export function hostsQueryOptions() {
  return queryOptions({
    queryKey: supervisorKeys.hosts(),
    queryFn: async ({ signal }) => {
      const sent = Date.now();
      const list = await call('supervisor.hostsList', { signal });
      // How far the server clock is ahead of ours, so ages are counted on the server's clock.
      return { ...list, skewMs: Date.parse(list.at) - (sent + Date.now()) / 2 };
    },
    refetchInterval: SUPERVISOR_LIMITS.listRefreshMs,
  });
}
export type HostsData = HostsList & { skewMs: number };

/** Process info, asked of the host's supervisord; refetched every 60 s while shown. */
export function processInfoQueryOptions(id: string) {
  return queryOptions({
    queryKey: supervisorKeys.processInfo(id),
    queryFn: ({ signal }) => call('supervisor.processInfo', { params: { id }, signal }),
    refetchInterval: SUPERVISOR_LIMITS.processInfoRefreshMs,
    retry: false,
  });
}

export function restartHost(id: string, confirm: string): Promise<ProcessInfoReply> {
  return call('supervisor.restart', { params: { id }, body: { confirm } });
}

export function deleteHost(id: string): Promise<{ message: string }> {
  return call('supervisor.hostsDelete', { params: { id } });
}

export function addHost(body: {
  name: string;
  host: string;
  kind?: 'command' | 'datamonitor';
}): Promise<HostView> {
  return call('supervisor.hostsAdd', { body });
}

export function workerOffline(body: WorkerOfflineQuery): Promise<WorkerOfflineReport> {
  return call('supervisor.workerLinksOffline', { body });
}

export function workerCount(body: WorkerOldQuery): Promise<{ count: number }> {
  return call('supervisor.workerCount', { body });
}

export function workerGet(body: WorkerOldQuery): Promise<{ records: WorkerConnectionRow[] }> {
  return call('supervisor.workerGet', { body });
}

export function workerDelete(body: WorkerOldQuery & { confirm: string }): Promise<{ deleted: number }> {
  return call('supervisor.workerDelete', { body });
}

/** The services view, refreshed every 2 s so a new instance shows within seconds. */
export function servicesQueryOptions() {
  return queryOptions({
    queryKey: supervisorKeys.services(),
    queryFn: ({ signal }) => call('supervisor.servicesView', { signal }),
    refetchInterval: 2000,
  });
}
