import { ANALYTICS_DEFAULTS, type TopStructures } from '@console/contracts';
import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { DataTable } from '../ui/DataTable.tsx';
import { QueryAnswer } from '../ui/QueryAnswer.tsx';
import { CsvButton, day, type ExportFields, supportPlusSearch } from './parts.tsx';
import { topStructuresQueryOptions } from './queries.ts';

type Row = TopStructures['structures'][number];
const col = createColumnHelper<Row>();

const EXPORT: ExportFields<Row> = [
  ['Structure', (r) => r.rootGroupId],
  ['User', (r) => r.user ?? ''],
  ['Created Date', (r) => r.createdDate],
  ['Age', (r) => r.ageDays],
  ['Updated Date', (r) => r.updatedDate],
  ['Devices', (r) => r.devices],
  ['Automations', (r) => r.automations],
  ['Groups', (r) => r.groups],
];

const columns = [
  col.accessor('rootGroupId', { header: 'Structure', cell: (c) => supportPlusSearch(c.getValue()) }),
  col.accessor('user', {
    header: 'User',
    cell: (c) => (c.getValue() ? supportPlusSearch(c.getValue() as string) : '—'),
  }),
  col.accessor('createdDate', { header: 'Created Date', cell: (c) => day(c.getValue()) }),
  col.accessor('ageDays', { header: 'Age' }),
  col.accessor('updatedDate', { header: 'Updated Date', cell: (c) => day(c.getValue()) }),
  col.accessor('devices', { header: 'Devices' }),
  col.accessor('automations', { header: 'Automations' }),
  col.accessor('groups', { header: 'Groups' }),
];

/** `/linkplus-structures` (analytics spec §2): the top structures by device count; Top count and Load. */
export function TopStructuresScreen() {
  const [input, setInput] = useState<number>(ANALYTICS_DEFAULTS.topStructures);
  const [top, setTop] = useState<number>(ANALYTICS_DEFAULTS.topStructures);
  const q = useQuery(topStructuresQueryOptions(top));
  const rows = q.data?.structures ?? [];
  return (
    <Stack gap="md">
      <Title order={2}>Top Structures</Title>
      <Group align="end">
        <NumberInput
          label="Top count"
          min={1}
          max={1000}
          value={input}
          onChange={(v) => setInput(typeof v === 'number' ? v : ANALYTICS_DEFAULTS.topStructures)}
          w={140}
        />
        <Button onClick={() => setTop(Math.max(1, input))}>Load</Button>
        <CsvButton name="top-structures" rows={rows} fields={EXPORT} />
      </Group>
      <QueryAnswer q={q}>
        {(a) => (
          <>
            <Text size="sm" c="dimmed">
              Ages are counted to {day(a.asOf)}, the newest structure.
            </Text>
            <DataTable label="Top structures" data={rows} columns={columns} rowKey={(r) => r.rootGroupId} />
          </>
        )}
      </QueryAnswer>
    </Stack>
  );
}
