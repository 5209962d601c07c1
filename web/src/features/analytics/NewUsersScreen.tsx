import { ANALYTICS_DEFAULTS, type RecentUsers } from '@console/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { GraphChart } from '../stats/graph-kit/GraphChart.tsx';
import { DataTable } from '../ui/DataTable.tsx';
import { DateInput } from '../ui/DateInput.tsx';
import { QueryAnswer } from '../ui/QueryAnswer.tsx';
import { countByPeriod } from './grouping.ts';
import { CsvButton, day, type ExportFields, rangeProblems, supportPlusSearch } from './parts.tsx';
import { recentUsersQueryOptions } from './queries.ts';

type Row = RecentUsers['users'][number];
const col = createColumnHelper<Row>();
const sharing = (r: Row) => r.structures.flatMap((s) => s.otherUsers);
const EXPORT: ExportFields<Row> = [
  ['User', (u) => u.email],
  ['Created Date', (u) => u.createdDate],
  ['Devices', (u) => u.devices],
  ['Structures', (u) => u.structures.map((x) => x.rootGroupId).join(' ')],
  ['Other users', (u) => sharing(u).join(' ')],
];
const columns = [
  col.accessor('email', { header: 'User', cell: (c) => supportPlusSearch(c.getValue()) }),
  col.accessor('createdDate', { header: 'Created Date', cell: (c) => day(c.getValue()) }),
  col.accessor('devices', { header: 'Devices' }),
  col.display({
    id: 'structures',
    header: 'Structures',
    cell: (c) => c.row.original.structures.map((s) => s.rootGroupId).join(', ') || '—',
  }),
  col.display({
    id: 'others',
    header: 'Other users',
    cell: (c) => sharing(c.row.original).join(', ') || '—',
  }),
];

/**
 * `/new-user-gen2` ('LinkPlus Customers', analytics spec §2): users registered recently (default
 * the last 14 days; From date and Load), their devices and who else shares their structures, and
 * a graph of registrations per day.
 */
export function NewUsersScreen() {
  const [typed, setTyped] = useState('');
  const [from, setFrom] = useState('');
  const q = useQuery(recentUsersQueryOptions(from));
  const error = rangeProblems({ from: typed, to: '' }).from;
  return (
    <Stack gap="md">
      <Title order={2}>LinkPlus Customers</Title>
      <form
        aria-label="From"
        onSubmit={(e) => {
          e.preventDefault();
          if (!error) setFrom(typed);
        }}
      >
        <Group align="end" gap="sm">
          <DateInput label="From date" w={170} value={typed} onChange={setTyped} error={error} />
          <Button type="submit">Load</Button>
        </Group>
      </form>
      <Text size="sm" c="dimmed">
        Default: the {ANALYTICS_DEFAULTS.newUsersDays} days up to the newest user.
      </Text>
      <QueryAnswer q={q}>
        {(a) => {
          const newest =
            a.users
              .map((u) => u.createdDate)
              .sort()
              .at(-1) ?? a.from;
          const perDay = countByPeriod(
            a.users.map((u) => u.createdDate),
            a.from,
            newest,
            false,
          );
          return (
            <>
              <GraphChart
                title="Registrations per day"
                caption={`From ${day(a.from)} · ${a.users.length} users`}
                exportName="linkplus-customers"
                xs={perDay.xs}
                series={[{ name: 'Users', values: perDay.counts }]}
                options={{ style: 'bar', scale: 'linear', percent: false, trend: false }}
              />
              <Group>
                <CsvButton name="linkplus-customers" rows={a.users} fields={EXPORT} />
              </Group>
              <DataTable
                label="LinkPlus customers"
                data={a.users}
                columns={columns}
                rowKey={(r) => r.userId}
              />
            </>
          );
        }}
      </QueryAnswer>
    </Stack>
  );
}
