import { type Access, allows } from '@console/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../auth/use-current-user.ts';

/** Shows the screen only to the roles its operations allow (the server refuses the rest anyway). */
export function RoleGate({
  access,
  title,
  children,
}: {
  access: Access;
  title: string;
  children: ReactNode;
}) {
  const me = useCurrentUser();
  if (allows(access, me.roles)) return <>{children}</>;
  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>{title}</Title>
      <Alert color="orange" title="Not for your roles">
        {title} is not part of your roles' menu. Ask an admin if you need it.
      </Alert>
    </Stack>
  );
}
