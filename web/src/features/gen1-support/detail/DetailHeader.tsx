import { Button, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The head of an opened account on a Gen1 search screen: its title, Refresh and Close. */
export function DetailHeader({
  userId,
  refreshing,
  onRefresh,
  onClose,
  children,
}: {
  userId: number;
  refreshing: boolean;
  onRefresh: () => void;
  onClose: () => void;
  /** Extra links before the buttons. */
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between">
      <Title order={2}>User {userId}</Title>
      <Group gap="xs">
        {children}
        <Button size="xs" variant="light" onClick={onRefresh} loading={refreshing}>
          Refresh
        </Button>
        <Button size="xs" variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Group>
  );
}
