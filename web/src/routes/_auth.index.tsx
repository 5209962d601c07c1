import { createFileRoute } from '@tanstack/react-router';
import { MainScreen } from '../features/things/MainScreen.tsx';
import { thingsQueryOptions } from '../features/things/queries.ts';
import { readNotFound } from '../shared/shell/PageNotFound.tsx';

/** / — the main screen; `?notFound=<path>` when an unknown path sent the user here. */
export const Route = createFileRoute('/_auth/')({
  validateSearch: readNotFound,
  loader: ({ context }) => context.queryClient.ensureQueryData(thingsQueryOptions()),
  component: Main,
});

function Main() {
  const { notFound } = Route.useSearch();
  return <MainScreen notFound={notFound} />;
}
