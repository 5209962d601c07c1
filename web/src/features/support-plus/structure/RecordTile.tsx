import { Badge, type BadgeProps, Card, Group, Text } from '@mantine/core';
import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { DetailsButton } from './DetailsButton.tsx';

/**
 * A structure record's card (seed 001 §2 Devices, Groups, Features, Automations): its name (the id
 * when it has none), a badge and the details button on the first line, then what the tab shows.
 */
export function RecordTile<T extends { name: string }>({
  kind,
  id,
  value,
  record,
  badge,
  style,
  children,
}: {
  /** 'Device', 'Group'…: with the name, the card's label and its details dialog's title. */
  kind: string;
  /** Shown when the record has no name. */
  id?: string;
  value: T;
  record?: ComponentProps<typeof DetailsButton>['record'];
  /** The badge beside the name: its text and its look. */
  badge: { label: string } & BadgeProps;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const shown = value.name || id || '';
  const { label, ...look } = badge;
  return (
    <Card withBorder padding="xs" role="article" aria-label={`${kind} ${value.name}`} style={style}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm" truncate>
          {shown}
        </Text>
        <Group gap={4} wrap="nowrap">
          <Badge size="xs" {...look}>
            {label}
          </Badge>
          <DetailsButton title={`${kind} ${shown}`} value={value} record={record} />
        </Group>
      </Group>
      {children}
    </Card>
  );
}
