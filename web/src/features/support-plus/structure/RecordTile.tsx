import { Card, Group, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { DetailsButton } from './DetailsButton.tsx';

/**
 * A structure record's card (seed 001 §2 Devices, Groups, Features, Automations): its name (the id
 * when it has none), a badge and the details button on the first line, then what the tab shows.
 */
export function RecordTile({
  kind,
  name,
  id,
  value,
  record,
  badge,
  style,
  children,
}: {
  /** 'Device', 'Group'…: with the name, the card's label and its details dialog's title. */
  kind: string;
  name: string;
  id?: string;
  value: unknown;
  record?: { database: string; filter: Record<string, unknown> };
  badge: ReactNode;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const shown = name || id || '';
  return (
    <Card withBorder padding="xs" role="article" aria-label={`${kind} ${name}`} style={style}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {shown}
        </Text>
        <Group gap={4} wrap="nowrap">
          {badge}
          <DetailsButton title={`${kind} ${shown}`} value={value} record={record} />
        </Group>
      </Group>
      {children}
    </Card>
  );
}
