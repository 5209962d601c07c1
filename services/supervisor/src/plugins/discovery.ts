import {
  EXPECTED_SERVICES,
  type GatewayFigures,
  type ServiceInstance,
  type ServiceSummary,
  type ServicesView,
} from '@console/contracts';
import type { NatsConnection } from '@nats-io/nats-core';
import { Svcm } from '@nats-io/services';

/** What a `$SRV.STATS` answer holds that the view reads (the library's type, loosened: any service may answer). */
interface StatsAnswer {
  name: string;
  id: string;
  version: string;
  started: string;
  metadata?: Record<string, string>;
  endpoints?: {
    name: string;
    subject: string;
    num_requests: number;
    num_errors: number;
    last_error?: string;
    average_processing_time: number;
    data?: unknown;
  }[];
}

/** The name the gateways register under; their figures ride on their one endpoint's stats data. */
export const GATEWAY_SERVICE = 'gateway';
/** The websocket fan-out's instances (services/fanout): a service like the others, with the same figures. */
export const FANOUT_SERVICE = 'fanout';

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : 0);

/**
 * The services view: one `$SRV.STATS` round to every service on the NATS server, answers of other
 * deployments (another prefix: parallel test runs, a second console) left out by their metadata.
 * STATS is enough: each answer carries the identity and metadata INFO would, plus the figures.
 */
export async function servicesView(
  nc: NatsConnection,
  prefix: string,
  maxWaitMs: number,
  now: Date,
): Promise<ServicesView> {
  const client = new Svcm(nc).client({ strategy: 'stall', maxWait: maxWaitMs, stall: 300 });
  const answers: StatsAnswer[] = [];
  for await (const s of await client.stats()) {
    const a = s as unknown as StatsAnswer;
    if (a.metadata?.prefix === prefix) answers.push(a);
  }
  const uptime = (started: string) => Math.max(0, Math.floor((now.getTime() - Date.parse(started)) / 1000));
  const byName = new Map<string, ServiceInstance[]>();
  const gateways: GatewayFigures[] = [];
  /** Every gateway's forwarded calls that timed out, by operation id (`<service>.<endpoint>`). */
  const timedOut = new Map<string, number>();
  for (const a of answers) {
    // The edge's figures: the gateways' (API requests, sockets passed on) and the fan-out's (its
    // sockets, live topics, events out); a fan-out instance is listed with the services too.
    if (a.name === GATEWAY_SERVICE || a.name === FANOUT_SERVICE) {
      const d = (a.endpoints?.[0]?.data ?? {}) as Record<string, unknown>;
      for (const [id, n] of Object.entries((d.timeouts ?? {}) as Record<string, unknown>))
        timedOut.set(id, (timedOut.get(id) ?? 0) + num(n));
      gateways.push({
        id: a.id,
        instance: a.metadata?.instance ?? '',
        host: a.metadata?.host ?? '',
        uptimeSeconds: uptime(a.started),
        sockets: num(d.sockets),
        topics: num(d.topics),
        eventsOut: num(d.eventsOut),
        requests: num(d.requests),
      });
      if (a.name === GATEWAY_SERVICE) continue;
    }
    const endpoints = (a.endpoints ?? []).map((e) => {
      // The kit's own figures when the service sends them (they time the whole async answer).
      const own = (e.data ?? null) as
        | (Partial<Record<'requests' | 'errors' | 'refused' | 'totalMs', number>> & {
            lastError?: string;
          })
        | null;
      const requests = num(own?.requests ?? e.num_requests);
      const averageMs = own
        ? requests
          ? (own.totalMs ?? 0) / requests
          : 0
        : e.average_processing_time / 1e6;
      return {
        name: e.name,
        subject: e.subject,
        requests,
        // Before the kit counted refusals apart, num_errors held both: read as errors.
        errors: num(own?.errors ?? e.num_errors),
        refused: num(own?.refused),
        lastError: own?.lastError ?? e.last_error ?? '',
        averageMs: Math.round(averageMs * 100) / 100,
      };
    });
    const list = byName.get(a.name) ?? [];
    list.push({
      id: a.id,
      instance: a.metadata?.instance ?? '',
      host: a.metadata?.host ?? '',
      version: a.version,
      started: a.started,
      uptimeSeconds: uptime(a.started),
      requests: endpoints.reduce((n, e) => n + e.requests, 0),
      errors: endpoints.reduce((n, e) => n + e.errors, 0),
      refused: endpoints.reduce((n, e) => n + e.refused, 0),
      endpoints: endpoints.sort((x, y) => x.name.localeCompare(y.name)),
    });
    byName.set(a.name, list);
  }
  const names = new Set<string>([...EXPECTED_SERVICES, ...byName.keys()]);
  const services: ServiceSummary[] = [...names].sort().map((name) => {
    const instances = (byName.get(name) ?? []).sort((x, y) => x.started.localeCompare(y.started));
    return {
      name,
      version: [...new Set(instances.map((i) => i.version))].join(', '),
      expected: (EXPECTED_SERVICES as readonly string[]).includes(name),
      instances,
      timeouts: [...timedOut]
        .filter(([id]) => id.startsWith(`${name}.`))
        .map(([id, count]) => ({ endpoint: id.slice(name.length + 1), count }))
        .sort((x, y) => x.endpoint.localeCompare(y.endpoint)),
    };
  });
  gateways.sort((x, y) => x.instance.localeCompare(y.instance));
  return { services, gateways, at: now.toISOString() };
}
