import { allows } from '@console/contracts';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ServicesScreen } from '../features/supervisor/ServicesScreen.tsx';
import { findScreen } from '../shared/menu/screens.ts';

/** The services view (ops, Admin tools): for dev and admin; the server enforces it too. */
export const Route = createFileRoute('/_auth/services')({
  beforeLoad: ({ context }) => {
    if (!allows(findScreen('/services')?.access ?? [], context.me.roles))
      throw redirect({ to: '/', replace: true });
  },
  component: ServicesScreen,
});
