import { Group, Loader, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of a WFL panel: a bordered box with the title, what stands beside it (a status badge,
 * a spinner while `fetching`) and the panel's buttons on the right, then its content.
 */
export function WflPanel({
  title,
  status,
  fetching = false,
  actions,
  children,
}: {
  title: string;
  status?: ReactNode;
  fetching?: boolean;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={4}>{title}</Title>
            {status}
            {fetching && <Loader size="xs" />}
          </Group>
          {actions && <Group gap="md">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
