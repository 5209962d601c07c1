import { STATS_LIMITS, STATS_PERIODS, STATS_TABS, type StatsTab, toCsv } from '@console/contracts';
import { Badge, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client.ts';
import { type Column, ColumnTable } from '../../shared/ui/ColumnTable.tsx';
import { ChartPanel } from './graph-kit/ChartPanel.tsx';
import { bucketLabel, periodCaption } from './graph-kit/format.ts';
import { GraphChart } from './graph-kit/GraphChart.tsx';
import { PANEL_CHARTS } from './panel-charts.ts';
import { addedPerDay, COLOUR_OF, productChanges } from './products-by-date.ts';
import {
  agentGraphQueryOptions,
  linkplusQueryOptions,
  productsByDateQueryOptions,
  protocolErrorsQueryOptions,
  tabQueryOptions,
} from './queries.ts';
import { seriesLabel } from './tab-view.ts';

const tab = (id: string) => STATS_TABS.find((t) => t.id === id) as StatsTab;
const GLOBAL_STAT: Record<number, string> = {
  4: 'users.total',
  5: 'devices',
  7: 'online',
  8: 'socketLogs',
  9: 'commands',
  10: 'gen1_commands',
  11: 'average_statistics',
};
const plain = { style: 'line', scale: 'linear', percent: false, trend: false } as const;

/** One chart of the panel. */
export function PanelChart({ choice, days }: { choice: number; days: number }) {
  const title = PANEL_CHARTS.find((c) => c.value === choice)?.label ?? 'Chart';
  if (choice <= 3) return <ProductsChart choice={choice} days={days} title={title} />;
  if (choice === 6) return <LinkPlusChart days={days} title={title} />;
  if (choice === 13) return <TopList days={days} title={title} />;
  return <SeriesChart choice={choice} days={days} title={title} />;
}

function ProductsChart({ choice, days, title }: { choice: number; days: number; title: string }) {
  const q = useQuery(productsByDateQueryOptions(days));
  const p = q.data;
  const xs = p?.days.map((d) => bucketLabel(d, false)) ?? [];
  const common = {
    title,
    caption: periodCaption(p?.from ?? null, p?.to ?? null),
    exportName: `products-${choice}`,
    loading: q.isPending,
    error: q.isError ? errorMessage(q.error) : null,
  };
  if (choice === 1) {
    const series = (p?.products ?? []).map((x) => ({ name: x.productCode, values: x.totals }));
    return <GraphChart {...common} xs={xs} series={series} options={plain} />;
  }
  if (choice === 2) {
    const a = p ? addedPerDay(p) : { added: [], average: [] };
    const series = [
      { name: 'added', values: a.added },
      { name: 'rolling 7-day average', values: a.average },
    ];
    return <GraphChart {...common} xs={xs} series={series} options={plain} />;
  }
  const rows = p ? productChanges(p) : [];
  return (
    <ChartPanel
      {...common}
      empty={!!p && rows.length === 0}
      csv={() =>
        toCsv(
          ['productCode', 'total', 'change7d', 'colour', 'averageAdded7d'],
          rows.map((r) => [r.productCode, r.total, r.change, r.colour, r.averageAdded]),
        )
      }
    >
      <ColumnTable
        striped
        withTableBorder
        rows={rows}
        columns={PRODUCT_COLUMNS}
        rowKey={(r) => r.productCode}
      />
    </ChartPanel>
  );
}

const PRODUCT_COLUMNS: Column<ReturnType<typeof productChanges>[number]>[] = [
  { header: 'Product', cell: (r) => r.productCode },
  { header: 'Devices', cell: (r) => r.total.toLocaleString() },
  {
    header: 'Change (7 days)',
    cell: (r) =>
      r.change === null ? '–' : <Badge color={COLOUR_OF[r.colour ?? ''] ?? 'gray'}>{r.change}</Badge>,
  },
  { header: 'Added per day (7-day average)', cell: (r) => r.averageAdded },
];

function LinkPlusChart({ days, title }: { days: number; title: string }) {
  const q = useQuery(linkplusQueryOptions({}, days));
  const rows = q.data ?? [];
  const from = rows[0]?.date ?? null;
  const last = rows.at(-1)?.date;
  const to = last ? new Date(Date.parse(last) + STATS_PERIODS.daily).toISOString() : null;
  return (
    <GraphChart
      title={title}
      caption={periodCaption(from, to)}
      exportName="linkplus"
      xs={rows.map((r) => bucketLabel(r.date, false))}
      series={[{ name: 'devices.L2', values: rows.map((r) => r.devices.L2) }]}
      options={plain}
      loading={q.isPending}
      error={q.isError ? errorMessage(q.error) : null}
    />
  );
}

function SeriesChart({ choice, days, title }: { choice: number; days: number; title: string }) {
  const stat = GLOBAL_STAT[choice];
  const tabQuery = useQuery({
    ...tabQueryOptions({
      tab: tab(stat ? 'global' : 'structureProducts'),
      limit: days,
      period: STATS_PERIODS.daily,
      pieSize: 1,
    }),
    enabled: choice !== 14 && choice !== 101,
  });
  const protocol = useQuery({ ...protocolErrorsQueryOptions({}), enabled: choice === 14 });
  const agents = useQuery({ ...agentGraphQueryOptions(days), enabled: choice === 101 });
  const q = choice === 14 ? protocol : choice === 101 ? agents : tabQuery;
  const a = q.data;
  const series = (a?.series ?? [])
    .filter((s) => !stat || s.name === stat)
    .map((s) => ({ name: seriesLabel(s.name), values: s.values }));
  return (
    <GraphChart
      title={title}
      caption={periodCaption(a?.from ?? null, a?.to ?? null)}
      exportName={`panel-${choice}`}
      xs={a?.buckets.map((b) => bucketLabel(b, false)) ?? []}
      series={series}
      options={plain}
      loading={q.isPending}
      error={q.isError ? errorMessage(q.error) : null}
    />
  );
}

/** Server channels: the workers with most connections over the period, top list of 9. */
function TopList({ days, title }: { days: number; title: string }) {
  const q = useQuery(
    tabQueryOptions({ tab: tab('workers'), limit: days, period: STATS_PERIODS.daily, pieSize: days }),
  );
  const a = q.data;
  const top = [...(a?.series ?? [])]
    .sort((x, y) => y.pieTotal - x.pieTotal)
    .slice(0, STATS_LIMITS.topTenEntries);
  return (
    <ChartPanel
      title={title}
      caption={periodCaption(a?.from ?? null, a?.to ?? null)}
      loading={q.isPending}
      error={q.isError ? errorMessage(q.error) : null}
      empty={!!a && top.length === 0}
      exportName="server-channels"
      csv={() =>
        toCsv(
          ['worker', 'connections'],
          top.map((s) => [s.name, s.pieTotal]),
        )
      }
    >
      <Table withTableBorder>
        <Table.Tbody>
          {top.map((s, i) => (
            <Table.Tr key={s.name}>
              <Table.Td w={30}>{i + 1}</Table.Td>
              <Table.Td>{s.name}</Table.Td>
              <Table.Td>
                <Text size="sm">{s.pieTotal.toLocaleString()}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ChartPanel>
  );
}
