import { Alert, Checkbox, Code, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { toCsv } from '../../ui/csv.ts';
import { downloadCsv } from '../graph-kit/export.ts';
import { voiceUsersQueryOptions } from '../queries.ts';

/** `/integration-stats`: users with a voice integration, as a table (or the raw JSON). */
export function IntegrationStatsScreen() {
  const q = useQuery(voiceUsersQueryOptions());
  const [raw, setRaw] = useState(false);
  const d = q.data;
  return (
    <Stack gap="md">
      <Title order={2}>Integration Stats</Title>
      <Checkbox label="Raw JSON" checked={raw} onChange={(e) => setRaw(e.currentTarget.checked)} />
      {q.isPending ? (
        <Loader size="sm" aria-label="Loading" />
      ) : q.isError ? (
        <Alert color="red" title="Could not load">
          {errorMessage(q.error)}
        </Alert>
      ) : !d ? null : raw ? (
        <Code block>{JSON.stringify(d, null, 2)}</Code>
      ) : (
        <>
          <Paper withBorder p="sm" component="section" aria-label="Voice integrations">
            <Text size="sm" mb="xs">
              {d.totalUsers.toLocaleString()} users in all.
            </Text>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Integration</Table.Th>
                  <Table.Th>Users</Table.Th>
                  <Table.Th>Linked now</Table.Th>
                  <Table.Th>% of users</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.byType.map((t) => (
                  <Table.Tr key={t.type}>
                    <Table.Td>{t.type}</Table.Td>
                    <Table.Td>{t.users.toLocaleString()}</Table.Td>
                    <Table.Td>{t.linked.toLocaleString()}</Table.Td>
                    <Table.Td>{t.percent}%</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
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
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>E-mail</Table.Th>
                  <Table.Th>User id</Table.Th>
                  <Table.Th>Integrations</Table.Th>
                  <Table.Th>Linked</Table.Th>
                  <Table.Th>First linked</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.users.map((u) => (
                  <Table.Tr key={u.userId}>
                    <Table.Td>{u.email}</Table.Td>
                    <Table.Td>{u.userId}</Table.Td>
                    <Table.Td>{u.types.join(', ')}</Table.Td>
                    <Table.Td>{u.linked ? 'yes' : 'no'}</Table.Td>
                    <Table.Td>{u.createdDate.slice(0, 10)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
    </Stack>
  );
}
