import { Button, Group, Text } from '@mantine/core';
import type { Criteria } from './criteria.ts';
import type { RecentSearch } from './recent-searches.ts';

/** The last searches (at most 5, kept 14 days); a click runs one again. */
export function RecentSearches({ recent, onRun }: { recent: RecentSearch[]; onRun: (c: Criteria) => void }) {
  if (recent.length === 0) return null;
  return (
    <Group gap="xs" component="section" aria-label="Recent searches">
      <Text size="sm" c="dimmed">
        Recent searches:
      </Text>
      {recent.map((entry) => (
        <Button key={entry.label} size="compact-xs" variant="light" onClick={() => onRun(entry.criteria)}>
          {entry.label}
        </Button>
      ))}
    </Group>
  );
}
