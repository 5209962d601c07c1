import { createFileRoute } from '@tanstack/react-router';
import { ProfileScreen } from '../features/auth/ProfileScreen.tsx';
import { readDeviceSelection } from '../features/devices/params.ts';
import { prefetchDevices } from '../features/devices/queries.ts';

/** /profile?type&command — the signed-in user and the device list (core spec §2), any signed-in user. */
export const Route = createFileRoute('/_auth/profile')({
  validateSearch: readDeviceSelection,
  loaderDeps: ({ search }) => ({ type: search.type }),
  loader: ({ context, deps }) => prefetchDevices(context.queryClient, deps.type),
  component: ProfileScreen,
});
