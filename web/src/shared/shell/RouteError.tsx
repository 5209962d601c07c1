import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { errorMessage } from '../api/client.ts';

/** What a screen shows when its data could not be loaded (a service down, a timeout). */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title="This screen could not be loaded">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(error)}</Text>
          <Button variant="light" color="red" size="xs" onClick={() => void router.invalidate()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    </Container>
  );
}
