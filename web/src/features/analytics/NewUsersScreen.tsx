import { ANALYTICS_DEFAULTS, type RecentUsers } from '@console/contracts';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DateInput } from '../../shared/ui/DateInput.tsx';
import { QueryAnswer } from '../../shared/ui/QueryAnswer.tsx';
import { GraphChart } from '../stats/graph-kit/GraphChart.tsx';
import { countByPeriod } from './grouping.ts';
import { dated, day, type ExportFields, FieldTable, rangeProblems, searched } from './parts.tsx';
import { recentUsersQueryOptions } from './queries.ts';

type Row = RecentUsers['users'][number];
const sharing = (r: Row) => r.structures.flatMap((s) => s.otherUsers);
const EXPORT: ExportFields<Row> = [
  searched<Row>('User', (u) => u.email),
  dated<Row>('Created Date', (u) => u.createdDate),
  ['Devices', (u) => u.devices],
  [
    'Structures',
    (u) => u.structures.map((x) => x.rootGroupId).join(' '),
    (u) => u.structures.map((x) => x.rootGroupId).join(', ') || '—',
  ],
  ['Other users', (u) => sharing(u).join(' '), (u) => sharing(u).join(', ') || '—'],
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
      <Title order={1}>LinkPlus Customers</Title>
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
              <FieldTable
                label="LinkPlus customers"
                csv="linkplus-customers"
                rows={a.users}
                fields={EXPORT}
                rowKey={(r) => r.userId}
              />
            </>
          );
        }}
      </QueryAnswer>
    </Stack>
  );
}
