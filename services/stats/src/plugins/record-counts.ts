import type { StoreEventKind } from '@console/contracts';
import type { Increment } from './counts.ts';

/**
 * What one stored record counts for, shared by the backfill (documents read from the store) and
 * the store follower (the same fields announced on `STORE`), so both land in the same series.
 * A record is one of either shape: the stored document, or its announcement (dates as ISO text,
 * structures' groups as a list, a user's licence flattened).
 */
type Rec = Record<string, unknown>;

export const at = (d: unknown): number =>
  d instanceof Date ? d.getTime() : typeof d === 'string' ? Date.parse(d) : Number.NaN;

/** A structure's first device of a product code: the pair's key, its code and when it was added. */
export interface ProductPair {
  key: string;
  code: string;
  at: number;
}

export interface RecordCounter {
  /** The backfill metrics the record's counts go to. */
  metrics: readonly string[];
  /** `now`: where a time still to come is clamped (a client device's last sighting). */
  count: (d: Rec, emit: (inc: Increment) => void, now: number) => void;
}

const groupsOf = (d: Rec) =>
  (Array.isArray(d.groups) ? d.groups : Object.values((d._groups ?? {}) as Rec)) as {
    type?: string;
    name?: string;
  }[];

const licenceOf = (d: Rec) =>
  'licence' in d ? d.licence : (d.licenses as { v5?: { license?: unknown } } | undefined)?.v5?.license;

export const productCode = (d: Rec) => String(d.productCode ?? 'unknown');

/** The structure/code pair a product opens (structureProducts counts each pair once, when first added). */
export const productPair = (d: Rec): ProductPair => {
  const code = productCode(d);
  return { key: `${d.rootGroupId}|${code}`, code, at: at(d.createdDate) };
};

export const RECORD_COUNTERS: Record<StoreEventKind, RecordCounter> = {
  products: {
    metrics: ['products'],
    count: (d, emit) => emit({ metric: 'products', series: productCode(d), at: at(d.createdDate) }),
  },
  users: {
    metrics: ['users', 'userLicensesV5'],
    count: (d, emit) => {
      const t = at(d.createdDate);
      const licence = licenceOf(d);
      emit({ metric: 'users', series: 'new users', at: t });
      emit({ metric: 'userLicensesV5', series: licence ? String(licence) : 'no licence', at: t });
    },
  },
  structures: {
    metrics: ['groups'],
    count: (d, emit) => {
      const t = at(d.createdDate);
      for (const g of groupsOf(d))
        emit({ metric: 'groups', series: `${g.type ?? 'other'}|${g.name ?? g.type ?? 'other'}`, at: t });
    },
  },
  hubs: {
    metrics: ['dmGen2'],
    count: (d, emit) => emit({ metric: 'dmGen2', series: 'new_linkplus', at: at(d.createdDate), only: 'd' }),
  },
  agents: {
    metrics: ['agents'],
    count: (d, emit) =>
      emit({
        metric: 'agents',
        series: `${d.type}|${d.linked ? 'linked' : 'unlinked'}`,
        at: at(d.createdDate),
      }),
  },
  clientDevices: {
    metrics: ['appVersions', 'clientDeviceTypes'],
    count: (d, emit, now) => {
      const t = at(d.createdDate);
      emit({ metric: 'appVersions', series: `${d.platform}|${d.appVersion}`, at: t });
      emit({ metric: 'clientDeviceTypes', series: `new|${d.deviceType}`, at: t });
      const seen = Math.min(at(d.lastSeenDate), now - 1);
      emit({ metric: 'clientDeviceTypes', series: `active|${d.deviceType}`, at: seen });
    },
  },
  transactions: {
    metrics: ['commands', 'duration', 'protocolErrors', 'automations', 'automations.unique'],
    count: (d, emit) => {
      const t = at(d.createdDate);
      const name = `${d.class}.${d.operation}`;
      emit({ metric: 'commands', series: name, at: t });
      emit({ metric: 'duration', series: name, at: t, amount: Number(d.duration) || 0 });
      if (d.success === false) emit({ metric: 'protocolErrors', series: name, at: t });
      if (d.class === 'automation') {
        const series = String(d.operation);
        emit({ metric: 'automations', series, at: t });
        emit({ metric: 'automations.unique', series, at: t, member: String(d.rootGroupId) });
      }
    },
  },
  // Gen1: the command queue (commands, and the latency of those answered) and new WiFi links.
  commandQueue: {
    metrics: ['gen1Commands', 'gen1Latency'],
    count: (d, emit) => {
      const t = at(d.createdDate);
      emit({ metric: 'gen1Commands', series: 'gen1.command', at: t });
      if (d.latency !== null && d.latency !== undefined)
        emit({ metric: 'gen1Latency', series: 'gen1.command', at: t, amount: Number(d.latency) });
    },
  },
  wfls: {
    metrics: ['dm'],
    count: (d, emit) => emit({ metric: 'dm', series: 'new_wfls', at: at(d.createdDate), only: 'd' }),
  },
};

/** Every metric the store follower adds to (the backfill of each must be done before it counts). */
export const FOLLOWED_METRICS: readonly string[] = [
  ...new Set([...Object.values(RECORD_COUNTERS).flatMap((c) => c.metrics), 'structureProducts']),
];
