import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { forgetSession } from './features/auth/session.ts';
import { routeTree } from './routeTree.gen.ts';
import { configureApiClient, isApiError } from './shared/api/client.ts';
import { notifyServiceFailure } from './shared/api/notify-errors.ts';
import { RouteError } from './shared/shell/RouteError.tsx';
import { theme } from './theme.ts';

export interface RouterContext {
  queryClient: QueryClient;
}

export function createAppRouter() {
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: notifyServiceFailure }),
    mutationCache: new MutationCache({ onError: notifyServiceFailure }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not change by asking again; a service coming back might.
        retry: (count, error) =>
          count < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
      },
    },
  });

  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    // Loaders read through the query cache, which decides freshness itself.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    // Providers wrap the whole router, so even the root route's error screen is styled.
    Wrap: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        {/* The system's light or dark scheme (issue 30); the palette passes AA in both (theme.ts). */}
        <MantineProvider theme={theme} defaultColorScheme="auto">
          {children}
        </MantineProvider>
      </QueryClientProvider>
    ),
  });

  configureApiClient({
    onUnauthorized: () => {
      // The session is gone: forget what the user could see, then sign in again.
      forgetSession(queryClient);
      const { pathname, href } = router.state.location;
      if (pathname === '/login') return;
      void router.navigate({ to: '/login', search: { redirect: pathname === '/' ? undefined : href } });
    },
  });

  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * Starts the screen's first data as soon as its route is matched, beside the session check
     * (routes/_auth.tsx); the screen's own query then finds it in the cache. Must not throw.
     */
    startEarly?: (o: {
      queryClient: QueryClient;
      params: Record<string, unknown>;
      /** The route's search, as its validateSearch made it. */
      search: object;
    }) => void;
  }
}
