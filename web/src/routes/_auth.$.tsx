import { allows } from '@console/contracts';
import { Alert, Stack, Title } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { findScreen } from '../features/menu/screens.ts';
import { NotAvailable } from '../features/shell/NotAvailable.tsx';

/**
 * Every screen of the specifications that is not built yet: a clear page, never a broken link.
 * Any other path goes to the main screen (core spec §2).
 */
export const Route = createFileRoute('/_auth/$')({
  beforeLoad: ({ params }) => {
    const screen = findScreen(`/${params._splat ?? ''}`);
    if (!screen) throw redirect({ to: '/', replace: true });
    return { screen };
  },
  component: PlannedScreen,
});

function PlannedScreen() {
  const { screen } = Route.useRouteContext();
  const me = useCurrentUser();
  if (!allows(screen.access, me.roles)) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={2}>{screen.label}</Title>
        <Alert color="orange" title="Not for your roles">
          {screen.label} is not part of your roles' menu. Ask an admin if you need it.
        </Alert>
      </Stack>
    );
  }
  return <NotAvailable label={screen.label} />;
}
