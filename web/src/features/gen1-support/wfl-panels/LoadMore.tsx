import { Button, Group } from '@mantine/core';

/**
 * The pager under a paged panel: Load more (older rows), and, given the total, how many of it are
 * shown.
 */
export function LoadMore({
  q,
  shown,
  total,
}: {
  q: { fetchNextPage: () => unknown; hasNextPage: boolean; isFetchingNextPage: boolean };
  shown?: number;
  total?: number;
}) {
  return (
    <Group>
      <Button
        size="xs"
        variant="default"
        onClick={() => void q.fetchNextPage()}
        disabled={!q.hasNextPage}
        loading={q.isFetchingNextPage}
      >
        Load more
      </Button>
      {total !== undefined && (
        <span>
          {shown} of {total}
        </span>
      )}
    </Group>
  );
}
