import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { meQueryOptions } from '../features/auth/queries.ts';
import { useMaybeCurrentUser } from '../features/auth/use-current-user.ts';

/** Every screen below needs a signed-in user; a signed-out visit goes to /login and comes back. */
export const Route = createFileRoute('/_auth')({
  beforeLoad: async ({ context, location, matches }) => {
    // A screen's first data starts now, beside the session check rather than after it, the
    // screen's code and its first render (the server checks the session on that request too).
    for (const m of matches)
      m.staticData.startEarly?.({ queryClient: context.queryClient, params: m.params, search: m.search });
    const me = await context.queryClient.ensureQueryData(meQueryOptions());
    if (!me) {
      throw redirect({
        to: '/login',
        // The main screen is where login goes anyway, and a bare redirect would hide the role's landing.
        search: { redirect: location.pathname === '/' ? undefined : location.href },
      });
    }
    return { me };
  },
  component: AuthLayout,
});

function AuthLayout() {
  // Signed out mid-visit (a 401): the API client is already on its way to /login.
  return useMaybeCurrentUser() ? <Outlet /> : null;
}
