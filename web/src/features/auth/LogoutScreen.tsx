import { Center, Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { pathForState } from '../../shared/menu/screens.ts';
import { logout } from './api.ts';
import { safeRedirect } from './redirects.ts';
import { forgetSession } from './session.ts';

/** Signing out (core spec §2 /logout), then on to the referrer screen, which sends to /login. */
export function LogoutScreen({ referrer }: { referrer?: string }) {
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
