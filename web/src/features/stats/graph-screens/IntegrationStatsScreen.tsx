import type { VoiceUsers } from '@console/contracts';
import { toCsv } from '@console/contracts';
import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { QueryAnswer } from '../../../shared/ui/QueryAnswer.tsx';
import { Toggle } from '../../../shared/ui/Toggle.tsx';
import { downloadCsv } from '../graph-kit/export.ts';
import { voiceUsersQueryOptions } from '../queries.ts';

const TYPE_COLUMNS: Column<VoiceUsers['byType'][number]>[] = [
  { header: 'Integration', cell: (t) => t.type },
  { header: 'Users', cell: (t) => t.users.toLocaleString() },
  { header: 'Linked now', cell: (t) => t.linked.toLocaleString() },
  { header: '% of users', cell: (t) => `${t.percent}%` },
];
const USER_COLUMNS: Column<VoiceUsers['users'][number]>[] = [
  { header: 'E-mail', cell: (u) => u.email },
  { header: 'User id', cell: (u) => u.userId },
  { header: 'Integrations', cell: (u) => u.types.join(', ') },
  { header: 'Linked', cell: (u) => (u.linked ? 'yes' : 'no') },
  { header: 'First linked', cell: (u) => u.createdDate.slice(0, 10) },
];

/** `/integration-stats`: users with a voice integration, as a table (or the raw JSON). */
export function IntegrationStatsScreen() {
  const q = useQuery(voiceUsersQueryOptions());
  const [raw, setRaw] = useState(false);
  return (
    <Stack gap="md">
      <Title order={1}>Integration Stats</Title>
      <Toggle label="Raw JSON" checked={raw} onChange={setRaw} />
      <QueryAnswer q={q}>
        {(d) =>
          raw ? (
            <Code block>{JSON.stringify(d, null, 2)}</Code>
          ) : (
            <>
              <Paper withBorder p="sm" component="section" aria-label="Voice integrations">
                <Text size="sm" mb="xs">
                  {d.totalUsers.toLocaleString()} users in all.
                </Text>
                <ColumnTable withTableBorder rows={d.byType} columns={TYPE_COLUMNS} rowKey={(t) => t.type} />
              </Paper>
              <Paper withBorder p="sm" component="section" aria-label="Users with voice integration">
                <Text
                  size="sm"
                  c="blue"
                  style={{ cursor: 'pointer' }}
                  onClick={() =>
                    downloadCsv(
                      'integration-users',
                      toCsv(
                        ['userId', 'email', 'types', 'linked', 'createdDate'],
                        d.users.map((u) => [u.userId, u.email, u.types.join(' '), u.linked, u.createdDate]),
                      ),
                    )
                  }
                >
                  Export CSV
                </Text>
                <ColumnTable
                  striped
                  withTableBorder
                  rows={d.users}
                  columns={USER_COLUMNS}
                  rowKey={(u) => u.userId}
                />
              </Paper>
            </>
          )
        }
      </QueryAnswer>
    </Stack>
  );
}
