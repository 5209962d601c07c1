import {
  ACK_UNITS,
  type AckUnit,
  DAILY_BUCKETS,
  DEMAND_BUCKETS,
  DEMAND_INTERVALS,
  DM_COLUMNS,
  GRAPH_DEFAULT_RANGES,
} from '@console/contracts';
import { Select } from '@mantine/core';
import { useState } from 'react';
import {
  ackStatsQueryOptions,
  type DemandInterval,
  dailyQueryOptions,
  demandQueryOptions,
  dmQueryOptions,
} from '../queries.ts';
import { RowsGraphScreen } from './RowsGraphScreen.tsx';
import { pivotBuckets } from './rows.ts';

const DAY = 86_400_000;

/** `/command-stats-acks`: acknowledged versus unacknowledged Gen1 commands (default 5 days). */
export function CommandAcksScreen() {
  const [unit, setUnit] = useState<AckUnit>('Hour');
  return (
    <RowsGraphScreen
      title="Command Acks"
      description="Gen1 commands acknowledged and not, per day, hour or minute. Empty dates: the 5 days ending with the newest command."
      defaultDays={GRAPH_DEFAULT_RANGES.ackStatsMs / DAY}
      fine
      exportName={`command-acks-${unit}`}
      controls={
        <Select
          label="Per"
          w={110}
          data={Object.keys(ACK_UNITS)}
          value={unit}
          onChange={(v) => v && setUnit(v as AckUnit)}
          allowDeselect={false}
        />
      }
      query={(r) => ackStatsQueryOptions(unit, r)}
      toSeries={(a) => {
        const dates = a.rows.map((r) => r.stats_date);
        return {
          dates,
          series: [
            { name: 'acknowledged', values: a.rows.map((r) => r.record_count) },
            { name: 'not acknowledged', values: a.rows.map((r) => r.noAck ?? 0) },
          ],
        };
      }}
    />
  );
}

/** `/command-stats-demmand`: commands per interval by latency (0-1 … 20+ s; default 30 minutes). */
export function CommandDemandScreen() {
  const [interval, setInterval] = useState<DemandInterval>(1);
  return (
    <RowsGraphScreen
      title="Command Demand"
      description="Answered Gen1 commands per interval by latency bucket. Empty dates: the 30 minutes ending with the newest command."
      defaultDays={1}
      fine
      exportName={`command-demand-${interval}`}
      controls={
        <Select
          label="Interval (minutes)"
          w={150}
          data={DEMAND_INTERVALS.map(String)}
          value={String(interval)}
          onChange={(v) => v && setInterval(Number(v) as DemandInterval)}
          allowDeselect={false}
        />
      }
      query={(r) => demandQueryOptions(interval, r)}
      toSeries={pivotBuckets(DEMAND_BUCKETS)}
    />
  );
}

/** `/command-stats`: daily Gen1 commands in the 22 latency buckets (default 14 days). */
export function CommandDailyScreen() {
  return (
    <RowsGraphScreen
      title="Daily Commands"
      description="Answered Gen1 commands per day in 22 latency buckets (seconds): every 10 s up to a minute, then every 60 s."
      defaultDays={GRAPH_DEFAULT_RANGES.dailyMs / DAY}
      exportName="command-stats-daily"
      query={(r) => dailyQueryOptions(r)}
      toSeries={pivotBuckets(DAILY_BUCKETS)}
    />
  );
}

/** `/datamonitor-stats`: data monitor inserts per day (default 90 days). */
export function DataMonitorStatsScreen() {
  return (
    <RowsGraphScreen
      title="Data Monitor Stats"
      description="New Link Plus hubs and WFLs, pings, energy, temperature, log and trigger inserts per day; diff is new Link Plus minus new WFLs."
      defaultDays={GRAPH_DEFAULT_RANGES.dataMonitorMs / DAY}
      exportName="datamonitor-stats"
      query={(r) => dmQueryOptions(r)}
      toSeries={(a) => ({
        dates: a.rows.map((r) => r.date),
        series: DM_COLUMNS.map((c) => ({ name: c, values: a.rows.map((r) => r[c]) })),
      })}
    />
  );
}
