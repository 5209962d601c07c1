import { Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../../shared/api/call.ts';
import { DataTable } from '../../../../shared/ui/DataTable.tsx';
import { QueryState } from '../../../../shared/ui/QueryAnswer.tsx';
import { text } from './columns.tsx';

const columns = [
  text('email', 'User'),
  text('type', 'Type'),
  text('meta.featureId', 'Feature'),
  text('meta.structureId', 'Structure'),
  text('clientId', 'Client'),
];

/** Notifications (seed 001 §2): the structure's users' notifications for this structure, and others. */
export function NotificationsTab({ rootGroupId }: { rootGroupId: string }) {
  const q = useQuery({
    queryKey: ['support-plus', 'notifications', rootGroupId],
    queryFn: ({ signal }) => call('search.notifications', { body: { rootGroupId }, signal }),
  });
  if (!q.isSuccess) return <QueryState q={q} loading="Loading notifications" />;
  return (
    <Stack gap="md">
      <Title order={2}>This structure ({q.data.thisStructure.length})</Title>
      <DataTable
        label="Notifications for this structure"
        data={q.data.thisStructure}
        columns={columns}
        rowKey={(r, i) => `${r.id}:${i}`}
      />
      <Title order={2}>Others ({q.data.others.length})</Title>
      <DataTable
        label="Other notifications"
        data={q.data.others}
        columns={columns}
        rowKey={(r, i) => `${r.id}:${i}`}
      />
    </Stack>
  );
}
