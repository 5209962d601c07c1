import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { useStoredList } from './stored-list.ts';

/** A stored list (Previously sent, Users list): click an entry to reuse it, × to delete it. */
export function StoredListPanel({
  title,
  list,
  onUse,
}: {
  title: string;
  list: ReturnType<typeof useStoredList>;
  onUse: (entry: string) => void;
}) {
  return (
    // The title and "Empty." sit beside the list, not in it: a list holds list items only.
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {list.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Empty.
        </Text>
      ) : (
        <Stack gap={4} role="list" aria-label={title}>
          {list.items.map((entry) => (
            <Group key={entry} gap={4} wrap="nowrap" role="listitem">
              <UnstyledButton onClick={() => onUse(entry)} style={{ flex: 1, minWidth: 0 }}>
                <Text size="xs" ff="monospace" truncate>
                  {entry.replace(/\s+/g, ' ')}
                </Text>
              </UnstyledButton>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={`Delete from ${title}`}
                onClick={() => list.remove(entry)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
