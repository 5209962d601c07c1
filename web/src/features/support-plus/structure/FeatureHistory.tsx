import { FEATURE_HISTORY, type FeatureHistory as History } from '@console/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/call.ts';
import { ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert.tsx';
import { STRUCTURE_TEXT } from './structure-view.ts';

type Marker = { before: string; beforeSeq: number } | null;

/**
 * A feature's historical data (seed 001 §2 device dialog, §7, §9): the values the hub message
 * stream carried, newest first, 150 at a time; 'Load More' asks for the older ones, Refresh again.
 */
export function FeatureHistory({ featureId, name }: { featureId: string; name: string }) {
  const q = useInfiniteQuery({
    queryKey: ['support-plus', 'feature-history', featureId],
    initialPageParam: null as Marker,
    queryFn: async ({ pageParam, signal }) => {
      const answer: History = await call('stats.featureHistory', {
        body: { featureId, limit: FEATURE_HISTORY.defaultLimit, ...(pageParam ?? {}) },
        signal,
      });
      // Seed 001 §5: a data monitor answer that is not a list is refused, and nothing is shown.
      if (!Array.isArray(answer?.points)) throw new Error(STRUCTURE_TEXT.unexpectedPayload);
      return answer;
    },
    getNextPageParam: (last): Marker => {
      const p = last.points.at(-1);
      return last.more && p ? { before: p.timestamp, beforeSeq: p.seq } : null;
    },
  });
  const points = q.data?.pages.flatMap((p) => p.points) ?? [];
  return (
    <Paper withBorder p="sm" component="section" aria-label={`History of ${name}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={5}>History of {name}</Title>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => void q.refetch()}
            loading={q.isRefetching}
          >
            Refresh
          </Button>
        </Group>
        <ErrorAlert error={q.error} title="The history did not load" />
        {q.data && points.length === 0 && <Text c="dimmed">No results found</Text>}
        {points.length > 0 && (
          <ColumnTable
            label="Feature history"
            rows={points}
            rowKey={(p) => `${p.timestamp}-${p.seq}`}
            columns={[
              { header: 'Time', cell: (p) => formatStamp(p.timestamp) },
              { header: 'Value', cell: (p) => JSON.stringify(p.value) },
              { header: 'Source', cell: (p) => p.metadata.source },
              { header: 'Automation', cell: (p) => p.info ?? '—' },
            ]}
          />
        )}
        {q.hasNextPage && (
          <Button
            size="compact-sm"
            variant="light"
            w="fit-content"
            onClick={() => void q.fetchNextPage()}
            loading={q.isFetchingNextPage}
          >
            Load More
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
