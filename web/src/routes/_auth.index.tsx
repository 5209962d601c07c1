import { createFileRoute } from '@tanstack/react-router';
import { MainScreen } from '../features/things/MainScreen.tsx';
import { thingsQueryOptions } from '../features/things/queries.ts';

/** / — the main screen. */
export const Route = createFileRoute('/_auth/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(thingsQueryOptions()),
  component: MainScreen,
});
