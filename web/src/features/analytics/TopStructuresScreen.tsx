import { ANALYTICS_DEFAULTS, type TopStructures } from '@console/contracts';
import { Alert, Button, Group, Loader, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { AnchorLink } from '../shell/RouterLinks.tsx';
import { downloadCsv } from '../stats/graph-kit/export.ts';
import { toCsv } from '../ui/csv.ts';
import { DataTable } from '../ui/DataTable.tsx';
import { topStructuresQueryOptions } from './queries.ts';

type Row = TopStructures['structures'][number];
const col = createColumnHelper<Row>();
const day = (iso: string) => iso.slice(0, 10);
const search = (value: string) => (
  <AnchorLink to="/supportPlus" search={{ searchterm: value }} size="sm">
    {value}
  </AnchorLink>
);

const columns = [
  col.accessor('rootGroupId', { header: 'Structure', cell: (c) => search(c.getValue()) }),
  col.accessor('user', {
    header: 'User',
    cell: (c) => (c.getValue() ? search(c.getValue() as string) : '—'),
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
        <Button
          variant="light"
          disabled={rows.length === 0}
          onClick={() =>
            downloadCsv(
              'top-structures',
              toCsv(
                [
                  'Structure',
                  'User',
                  'Created Date',
                  'Age',
                  'Updated Date',
                  'Devices',
                  'Automations',
                  'Groups',
                ],
                rows.map((r) => [
                  r.rootGroupId,
                  r.user ?? '',
                  r.createdDate,
                  r.ageDays,
                  r.updatedDate,
                  r.devices,
                  r.automations,
                  r.groups,
                ]),
              ),
            )
          }
        >
          Export CSV
        </Button>
      </Group>
      {q.isPending ? (
        <Loader size="sm" aria-label="Loading" />
      ) : q.isError ? (
        <Alert color="red" title="Could not load">
          {errorMessage(q.error)}
        </Alert>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Ages are counted to {day(q.data.asOf)}, the newest structure.
          </Text>
          <DataTable label="Top structures" data={rows} columns={columns} rowKey={(r) => r.rootGroupId} />
        </>
      )}
    </Stack>
  );
}
