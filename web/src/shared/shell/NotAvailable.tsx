import { Alert, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from './RouterLinks.tsx';

/** A screen of the specification whose tools are not built yet: a clear page, never a broken link. */
export function NotAvailable({ label }: { label: string }) {
  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>{label}</Title>
      <Alert color="gray" title="Coming later">
        <Text size="sm">{label} is not available yet.</Text>
      </Alert>
      <AnchorLink to="/" size="sm">
        Back to the main screen
      </AnchorLink>
    </Stack>
  );
}
