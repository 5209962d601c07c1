import { createFileRoute, redirect } from '@tanstack/react-router';
import { hostsQueryOptions } from '../features/supervisor/queries.ts';
import { SupervisordScreen } from '../features/supervisor/SupervisordScreen.tsx';

/** Supervisor Statuses (core spec §2), admin only (analytics spec §6); the server enforces it too. */
export const Route = createFileRoute('/_auth/supervisord')({
  beforeLoad: ({ context }) => {
    if (!context.me.roles.includes('admin')) throw redirect({ to: '/', replace: true });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(hostsQueryOptions()),
  component: SupervisordScreen,
});
