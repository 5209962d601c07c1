import { AppShell } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router';
import { useMaybeCurrentUser } from '../features/auth/use-current-user.ts';
import type { RouterContext } from '../router.tsx';
import { AppFooter } from '../shared/shell/AppFooter.tsx';
import { AppHeader, headerHeight } from '../shared/shell/AppHeader.tsx';
import { ShellBanners } from '../shared/shell/ShellBanners.tsx';
import { useFocusAfterNavigation } from '../shared/ui/use-focus-after-navigation.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Unknown paths go to the main screen (core spec §2); the `_auth` catch-all handles most.
  notFoundComponent: () => <Navigate to="/" replace />,
});

function RootLayout() {
  const me = useMaybeCurrentUser();
  useFocusAfterNavigation();
  return (
    <>
      <Notifications position="top-right" />
      <AppShell header={{ height: headerHeight(me !== null) }} footer={{ height: 40 }} padding="md">
        <AppShell.Header>
          <AppHeader />
        </AppShell.Header>
        <AppShell.Main>
          <ShellBanners />
          <Outlet />
        </AppShell.Main>
        <AppShell.Footer>
          <AppFooter />
        </AppShell.Footer>
      </AppShell>
    </>
  );
}
