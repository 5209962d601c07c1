import { Stack, Title } from '@mantine/core';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/** The user's own settings (core spec §2 /settings): for now, changing the password. */
export function SettingsScreen() {
  return (
    <Stack gap="md" maw={480}>
      <Title order={1}>Settings</Title>
      <ChangePasswordForm />
    </Stack>
  );
}
