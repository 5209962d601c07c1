import { createFileRoute } from '@tanstack/react-router';
import { DevicesScreen } from '../features/devices/DevicesScreen.tsx';
import { readDeviceSelection } from '../features/devices/params.ts';
import { prefetchDevices } from '../features/devices/queries.ts';

/** /devices?type&command — the device list with a command selector; needs no login (core spec §2). */
export const Route = createFileRoute('/devices')({
  validateSearch: readDeviceSelection,
  loaderDeps: ({ search }) => ({ type: search.type }),
  loader: ({ context, deps }) => prefetchDevices(context.queryClient, deps.type),
  component: DevicesScreen,
});
