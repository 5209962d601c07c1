import { createFileRoute, redirect } from '@tanstack/react-router';
import { AdminScreen } from '../features/staff-users/AdminScreen.tsx';
import { staffUsersQueryOptions } from '../features/staff-users/queries.ts';

/** /admin — staff users, for admins only; the server enforces it too. */
export const Route = createFileRoute('/_auth/admin')({
  beforeLoad: ({ context }) => {
    if (!context.me.roles.includes('admin')) throw redirect({ to: '/', replace: true });
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(staffUsersQueryOptions()),
  component: AdminScreen,
});
