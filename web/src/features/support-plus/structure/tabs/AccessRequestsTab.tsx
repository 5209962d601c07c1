import { Group, Text } from '@mantine/core';
import { flag, stamp, text } from './columns.tsx';
import { PagedTable } from './PagedTable.tsx';
import type { Row } from './tab-pages.ts';

const columns = [
  stamp('dateRequested', 'Requested'),
  stamp('completeDate', 'Completed'),
  text('action', 'Action'),
  text('status', 'Status'),
  flag('success', 'Success'),
  text('requestingUserId', 'Requesting user'),
  text('fromUserId', 'From user'),
  text('targetUserEmail', 'Target e-mail'),
  text('accessLevel', 'Access level'),
  text('groupId', 'Group'),
];

/** Orange when incomplete, red when complete but not accepted (seed 001 §2). */
export function requestColour(r: Row): 'orange' | 'red' | undefined {
  if (!r.complete) return 'orange';
  return r.status === 'accepted' ? undefined : 'red';
}
const BG = { orange: 'var(--mantine-color-orange-1)', red: 'var(--mantine-color-red-1)' } as const;

/** SA Reqs (seed 001 §2): structure access requests, 50 a page. */
export function AccessRequestsTab({ rootGroupId }: { rootGroupId: string }) {
  return (
    <>
      <Group gap="md" mb="xs">
        <Text size="xs" bg={BG.orange} px={6}>
          incomplete
        </Text>
        <Text size="xs" bg={BG.red} px={6}>
          complete, not accepted
        </Text>
      </Group>
      <PagedTable
        label="Structure access requests"
        operation="search.accessRequests"
        body={{ rootGroupId }}
        dateField="dateRequested"
        columns={columns}
        rowColour={(r) => {
          const c = requestColour(r);
          return c ? BG[c] : undefined;
        }}
      />
    </>
  );
}
