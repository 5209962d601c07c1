import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login/LoginPage.tsx';
import { meQueryOptions } from '../features/auth/queries.ts';
import { afterLoginPath } from '../features/auth/redirects.ts';

export interface LoginSearch {
  /** Where to go after signing in; followed only when it is a path on this site. */
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
  }),
  beforeLoad: async ({ context, search }) => {
    // If the user cannot be checked (a service down), show the form anyway: signing in says why.
    const me = await context.queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    if (me) throw redirect({ href: afterLoginPath(me, search.redirect), replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target } = Route.useSearch();
  return <LoginPage redirectTo={target} />;
}
