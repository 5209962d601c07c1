import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login/LoginPage.tsx';
import { meQueryOptions } from '../features/auth/queries.ts';
import { afterLoginPath } from '../features/auth/redirects.ts';

export interface LoginSearch {
  /** Where to go after signing in; followed only when it is a path on this site. */
  redirect?: string;
  /** What the single sign-on callback could not do. */
  sso_error?: string;
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' ? search.redirect : undefined,
    sso_error: typeof search.sso_error === 'string' ? search.sso_error.slice(0, 300) : undefined,
  }),
  beforeLoad: async ({ context, search }) => {
    // If the user cannot be checked (a service down), show the form anyway: signing in says why.
    const me = await context.queryClient.ensureQueryData(meQueryOptions()).catch(() => null);
    if (me) throw redirect({ href: afterLoginPath(me, search.redirect), replace: true });
  },
  component: LoginRoute,
});

function LoginRoute() {
  const { redirect: target, sso_error } = Route.useSearch();
  return <LoginPage redirectTo={target} ssoError={sso_error} />;
}
