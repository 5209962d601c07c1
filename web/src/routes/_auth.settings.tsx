import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordForm } from '../features/auth/ChangePasswordForm.tsx';

export const Route = createFileRoute('/_auth/settings')({
  component: () => (
    <Stack gap="md" maw={480}>
      <Title order={2}>Settings</Title>
      <ChangePasswordForm />
    </Stack>
  ),
});
