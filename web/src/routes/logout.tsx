import { createFileRoute } from '@tanstack/react-router';
import { LogoutScreen } from '../features/auth/LogoutScreen.tsx';

export interface LogoutSearch {
  /** The screen to go to afterwards: a path or a navbar state name; default main. */
  referrer?: string;
}

export const Route = createFileRoute('/logout')({
  validateSearch: (search: Record<string, unknown>): LogoutSearch => ({
    referrer: typeof search.referrer === 'string' ? search.referrer : undefined,
  }),
  component: LogoutRoute,
});

function LogoutRoute() {
  return <LogoutScreen referrer={Route.useSearch().referrer} />;
}
