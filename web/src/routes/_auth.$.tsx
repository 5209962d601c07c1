import { createFileRoute, redirect } from '@tanstack/react-router';
import { findScreen } from '../shared/menu/screens.ts';
import { NotAvailable } from '../shared/shell/NotAvailable.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/**
 * Every screen of the specifications that is not built yet: a clear page, never a broken link.
 * Any other path goes to the main screen (core spec §2), which says the page was not found.
 */
export const Route = createFileRoute('/_auth/$')({
  beforeLoad: ({ params }) => {
    const path = `/${params._splat ?? ''}`;
    const screen = findScreen(path);
    if (!screen) throw redirect({ to: '/', search: { notFound: path }, replace: true });
    return { screen };
  },
  component: PlannedScreen,
});

function PlannedScreen() {
  const { screen } = Route.useRouteContext();
  return (
    <RoleGate access={screen.access} title={screen.label}>
      <NotAvailable label={screen.label} />
    </RoleGate>
  );
}
