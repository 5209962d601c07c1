import { Stack, Text, Title } from '@mantine/core';
import { SignupForm } from './SignupForm.tsx';

/** A signed-in user creates a staff user (core spec §2 /signup); roles are granted on /admin. */
export function SignupScreen() {
  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>Sign up a staff user</Title>
      <Text size="sm" c="dimmed">
        The new user starts without roles; an admin grants them on the Admin screen.
      </Text>
      <SignupForm />
    </Stack>
  );
}
