import { Alert, Button, Group, List, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { HubLink } from '../hub/HubLink.tsx';
import { recentFailedQueryOptions } from './recent-failed.ts';
import { StructureLink } from './record-links.tsx';

/**
 * The overview side bar's Recent Failed Commands (seed 001 §2): nothing is asked until it is
 * clicked; then the newest commands that failed or timed out, each with its link, structure,
 * error and who sent it.
 */
export function RecentFailedCommands() {
  const [asked, setAsked] = useState(false);
  const failed = useQuery({ ...recentFailedQueryOptions(), enabled: asked });
  return (
    <Paper withBorder p="md" component="section" aria-label="Recent Failed Commands">
      <Group justify="space-between" mb="xs">
        <Title order={3}>Recent Failed Commands</Title>
        <Button
          size="compact-xs"
          variant="light"
          loading={failed.isFetching}
          onClick={() => (asked ? void failed.refetch() : setAsked(true))}
        >
          {asked ? 'Refresh' : 'Load'}
        </Button>
      </Group>
      {!asked && (
        <Text size="sm" c="dimmed">
          Click Load to see the latest commands that failed.
        </Text>
      )}
      {failed.isError && <Alert color="red">{errorMessage(failed.error)}</Alert>}
      {failed.data?.rows.length === 0 && <Text size="sm">No results found</Text>}
      <List listStyleType="none" spacing={6} aria-label="Failed commands">
        {failed.data?.rows.map((r) => (
          <List.Item key={r.id}>
            <Text size="xs" c="dimmed">
              {formatStamp(r.createdDate)} · {r.state === 'timedOut' ? 'timed out' : r.state}
              {r.duration !== null ? ` · ${Math.round(r.duration)} ms` : ''}
            </Text>
            <Text size="sm" fw={600}>
              {r.action} {r.linkId !== null && <HubLink hubId={r.linkId}>link {r.linkId}</HubLink>}
            </Text>
            {r.rootGroupId && <StructureLink rootGroupId={r.rootGroupId} size="xs" />}
            {(r.error || r.staff) && (
              <Text size="xs" c="red.8">
                {[r.error, r.staff].filter(Boolean).join(' · ')}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
