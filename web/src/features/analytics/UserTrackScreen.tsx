import { ANALYTICS_DEFAULTS, type UserTrack } from '@console/contracts';
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { choices } from '../../shared/ui/choices.ts';
import { QueryAnswer } from '../../shared/ui/QueryAnswer.tsx';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { GraphChart } from '../stats/graph-kit/GraphChart.tsx';
import { AGE_LABELS, ageColumns, countByPeriod, type Grouping, isWeekly } from './grouping.ts';
import { dated, day, type ExportFields, FieldTable, RangeLoad } from './parts.tsx';
import { userTrackQueryOptions } from './queries.ts';

type Row = UserTrack['rows'][number];
const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const EXPORT: ExportFields<Row> = [
  ['MAC', (r) => r.mac],
  ['Firmware', (r) => r.firmware, (r) => r.firmware ?? '—'],
  ['E-mail', (r) => r.email],
  dated<Row>('Ping', (r) => r.pingtime),
  ['Age (days)', (r) => r.ageDays, (r) => r.ageDays.toFixed(1)],
  dated<Row>('First seen', (r) => r.firstSeen),
  dated<Row>('Last seen', (r) => r.lastSeen),
  ['Devices', (r) => r.devices],
  ['Heating', (r) => r.heating, (r) => yesNo(r.heating)],
  ['Energy', (r) => r.energy, (r) => yesNo(r.energy)],
];
const PLAIN = { scale: 'linear', percent: false, trend: false } as const;

/**
 * `/new-user-track` ('Recent Disconnected Users', analytics spec §2): Gen1 links added in a range
 * (default a 30-day window), the internal 'coco/nexa' links only when asked; an age column chart,
 * links over time (weekly on auto past 90 days, or when chosen) and the per-link table.
 */
export function UserTrackScreen() {
  const [range, setRange] = useState({ from: '', to: '', cocoNexa: false });
  const [cocoNexa, setCocoNexa] = useState(false);
  const [grouping, setGrouping] = useState<Grouping>('auto');
  const q = useQuery(userTrackQueryOptions(range));
  return (
    <Stack gap="md">
      <Title order={1}>Recent Disconnected Users</Title>
      <Text size="sm" c="dimmed">
        Default: the {ANALYTICS_DEFAULTS.userTrackDays} days up to the newest link.
      </Text>
      <RangeLoad
        onLoad={(r) => setRange({ from: r.from, to: r.to, cocoNexa })}
        extra={<Toggle label="Include coco/nexa" checked={cocoNexa} onChange={setCocoNexa} mb={8} />}
      />
      <QueryAnswer q={q}>
        {(a) => {
          const weekly = isWeekly(grouping, a.from, a.to);
          const overTime = countByPeriod(
            a.rows.map((r) => r.firstSeen),
            a.from,
            a.to,
            weekly,
          );
          const caption = `${day(a.from)} to ${day(a.to)} · ${a.rows.length} links`;
          return (
            <>
              <GraphChart
                title="Age"
                caption={caption}
                exportName="new-user-track-age"
                xs={AGE_LABELS}
                series={[{ name: 'Links', values: ageColumns(a.rows.map((r) => r.ageDays)) }]}
                options={{ ...PLAIN, style: 'bar' }}
              />
              <Group>
                <SegmentedControl
                  aria-label="Grouping"
                  value={grouping}
                  onChange={(v) => setGrouping(v as Grouping)}
                  data={choices({ auto: 'Auto', daily: 'Daily', weekly: 'Weekly' })}
                />
              </Group>
              <GraphChart
                title={weekly ? 'Links added per week' : 'Links added per day'}
                caption={caption}
                exportName="new-user-track-over-time"
                xs={overTime.xs}
                series={[{ name: 'Links', values: overTime.counts }]}
                options={{ ...PLAIN, style: 'line' }}
              />
              <FieldTable
                label="Links"
                csv="new-user-track"
                rows={a.rows}
                fields={EXPORT}
                rowKey={(r) => r.mac}
              />
            </>
          );
        }}
      </QueryAnswer>
    </Stack>
  );
}
