import { allows, LIVE_TOPIC_ACCESS } from '@console/contracts';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/use-current-user.ts';
import { NotAvailable } from '../features/shell/NotAvailable.tsx';
import { OpenHubForm } from './-components/support-plus/OpenHubForm.tsx';

/** Support Plus before its search exists: the not-available notice, and a way to open a hub. */
export const Route = createFileRoute('/_auth/supportPlus/')({
  component: SupportPlusPage,
});

function SupportPlusPage() {
  const me = useCurrentUser();
  if (!allows(LIVE_TOPIC_ACCESS.hub, me.roles)) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={2}>Support Plus</Title>
        <Alert color="orange" title="Not for your roles">
          Support Plus is not part of your roles' menu. Ask an admin if you need it.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" maw={640}>
      <NotAvailable label="Support Plus" />
      <Paper withBorder p="md" component="section" aria-label="Open a hub by id">
        <Title order={4}>Open a hub by id</Title>
        <Text size="sm" c="dimmed" mb="xs">
          Watch one hub's messages live.
        </Text>
        <OpenHubForm />
      </Paper>
    </Stack>
  );
}
