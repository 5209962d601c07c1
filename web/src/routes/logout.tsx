import { Center, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../features/api/client.ts';
import { logout } from '../features/auth/api.ts';

import { safeRedirect } from '../features/auth/redirects.ts';
import { forgetSession } from '../features/auth/session.ts';
import { pathForState } from '../features/menu/screens.ts';

export interface LogoutSearch {
  /** The screen to go to afterwards: a path or a navbar state name; default main. */
  referrer?: string;
}

export const Route = createFileRoute('/logout')({
  validateSearch: (search: Record<string, unknown>): LogoutSearch => ({
    referrer: typeof search.referrer === 'string' ? search.referrer : undefined,
  }),
  component: LogoutPage,
});

function LogoutPage() {
  const { referrer } = Route.useSearch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // Once, even under StrictMode's double effects: logging out is not idempotent for the user.
    if (started.current) return;
    started.current = true;
    logout()
      .catch((error: unknown) => {
        notifications.show({ color: 'red', title: 'Sign-out failed', message: errorMessage(error) });
      })
      .finally(() => {
        forgetSession(queryClient);
        // The referrer screen is protected, so this lands on /login.
        const target = (referrer && (safeRedirect(referrer) ?? pathForState(referrer))) || '/';
        void navigate({ href: target, replace: true });
      });
  }, [queryClient, navigate, referrer]);

  return (
    <Center py="xl">
      <Group gap="sm">
        <Loader size="sm" />
        <Text>Signing out…</Text>
      </Group>
    </Center>
  );
}
