import { type Access, allows } from '@console/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../features/auth/use-current-user.ts';

/**
 * A screen's role check as the user sees it: its content for the roles of its menu entry, else a
 * titled notice. The server enforces the same roles on every call; this only spares a page of
 * refusals.
 */
export function RoleGate({
  access,
  title,
  message,
  children,
}: {
  access: Access;
  title: string;
  message?: string;
  children: ReactNode;
}) {
  const me = useCurrentUser();
  if (allows(access, me.roles)) return children;
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{title}</Title>
      <Alert color="orange" title="Not for your roles">
        {message ?? `${title} is not part of your roles' menu. Ask an admin if you need it.`}
      </Alert>
    </Stack>
  );
}
