import { type Static, Type } from '@sinclair/typebox';
import { ClosedObject, DateTimeString, fields, Nullable } from '../../world/common.ts';

/** The data monitor's constants (seed 000 §9, §5, §8). */
export const DATA_MONITOR = {
  /** Minutes per reading bucket. */
  interval: 15,
  format: 'formatted',
  /** Rows per page of the graph (and the table): "graph load number 30". */
  graphLoad: 30,
  /** At most this many rows per page. */
  maxCount: 500,
  /** At most this many `_use_diff < 0` errors listed; the rest are only counted. */
  maxErrors: 100,
  /** The longest range one request may cover. */
  maxRangeDays: 31,
  useDiffError: '_use_diff < 0',
} as const;

export const DATA_MONITOR_FORMATS = ['formatted', 'raw'] as const;
export type DataMonitorFormat = (typeof DATA_MONITOR_FORMATS)[number];

/** One serial as the data monitor asks for it: the serial, and the MAC, building and folder it may carry. */
export interface SerialEntry {
  serial: string;
  mac: string | null;
  building: string | null;
  folder: string | null;
}

const SERIAL = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * Parses one entry in the `mac->serial<-building|folder` format (seed 000 §5): only the serial is
 * needed; `mac->` narrows it to one WFL, `<-building|folder` labels it. Null when it is no entry.
 */
export function parseSerialEntry(text: string): SerialEntry | null {
  let rest = text.trim();
  if (!rest) return null;
  let mac: string | null = null;
  let building: string | null = null;
  let folder: string | null = null;
  const arrow = rest.indexOf('->');
  if (arrow >= 0) {
    mac = rest.slice(0, arrow).trim() || null;
    rest = rest.slice(arrow + 2);
  }
  const back = rest.indexOf('<-');
  if (back >= 0) {
    const label = rest.slice(back + 2);
    rest = rest.slice(0, back);
    const bar = label.indexOf('|');
    building = (bar >= 0 ? label.slice(0, bar) : label).trim() || null;
    folder = bar >= 0 ? label.slice(bar + 1).trim() || null : null;
  }
  const serial = rest.trim();
  return SERIAL.test(serial) ? { serial, mac, building, folder } : null;
}

/** Entries are separated by new lines, commas or semicolons; the ones that do not parse come back as `bad`. */
export function parseSerialEntries(text: string): { entries: SerialEntry[]; bad: string[] } {
  const entries: SerialEntry[] = [];
  const bad: string[] = [];
  for (const part of text.split(/[\n,;]+/)) {
    if (!part.trim()) continue;
    const e = parseSerialEntry(part);
    if (e) entries.push(e);
    else bad.push(part.trim());
  }
  return { entries, bad };
}

/** A date-time in ISO 8601 with its zone (the kit's validator checks patterns, not formats). */
const IsoTime = (description: string) =>
  Type.String({
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$',
    description,
  });

export const GetEnergyBodySchema = ClosedObject({
  macSerialsMap: Type.Record(
    Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }),
    Type.String({ maxLength: 40, description: "The WFL MAC to narrow the serial to; '' for any" }),
    {
      maxProperties: 50,
      // A key outside the pattern is refused, not let through unchecked (a Record's pattern
      // only says which keys its value schema applies to).
      additionalProperties: false,
      description: 'Serial → MAC. Empty: the fixed default serial (seed 000 §5)',
    },
  ),
  fromDate: IsoTime('Start of the range (inclusive), e.g. 2026-03-01T00:00:00Z'),
  toDate: IsoTime('End of the range (exclusive)'),
  interval: Type.Integer({
    minimum: 1,
    maximum: 1440,
    description: 'Minutes per bucket; the last reading of each bucket is kept (15 by default)',
  }),
  useIntervalShowAll: Type.Boolean({ description: 'True: every reading, no buckets' }),
});
export type GetEnergyBody = Static<typeof GetEnergyBodySchema>;

export const ENERGY_ORDERS = ['asc', 'desc'] as const;

export const EnergyRowSchema = Type.Object({
  time: DateTimeString(),
  ...fields(Type.String, 'serial', 'mac'),
  current_use: Type.Number({ description: 'Watts' }),
  total_day_use: Type.Number({ description: 'Watt hours since midnight (UTC)' }),
  created_at: DateTimeString(),
  _use_diff: Nullable(
    Type.Number({
      description:
        'total_day_use minus the previous row of the serial (the day total at the first row of a day); null for the first row of the range and when below 0 (rejected)',
    }),
  ),
  _debug: Nullable(Type.String({ description: "'_use_diff < 0' when the difference was rejected" })),
});
export type EnergyRow = Static<typeof EnergyRowSchema>;

export const EnergyErrorSchema = Type.Object({
  time: DateTimeString(),
  ...fields(Type.String, 'serial', 'mac'),
  diff: Type.Number(),
  message: Type.String(),
});
export type EnergyError = Static<typeof EnergyErrorSchema>;

export const TimerEventCountsSchema = Type.Object({
  mac: Type.String({ description: 'The stored MAC' }),
  ...fields(Type.Integer, 'timers', 'events'),
});
export type TimerEventCounts = Static<typeof TimerEventCountsSchema>;

export const EnergyPageSchema = Type.Object({
  rows: Type.Array(EnergyRowSchema),
  page: Type.Integer({ description: 'From 0' }),
  count: Type.Integer(),
  order: Type.Union(ENERGY_ORDERS.map((o) => Type.Literal(o))),
  total: Type.Integer({ description: 'Rows in the whole range' }),
  pages: Type.Integer(),
  serials: Type.Array(Type.String(), {
    description: 'The serials asked for (the default one when none was)',
  }),
  errors: Type.Array(EnergyErrorSchema, {
    description: "At most 100 '_use_diff < 0' rows of the whole range",
  }),
  errorsTotal: Type.Integer(),
});
export type EnergyPage = Static<typeof EnergyPageSchema>;
