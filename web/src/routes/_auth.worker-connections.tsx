import { createFileRoute, redirect } from '@tanstack/react-router';
import { WorkerConnectionsScreen } from '../features/supervisor/WorkerConnectionsScreen.tsx';

type Tab = 'not-online' | 'other';

/** Worker connections (analytics spec §2), admin only; the tab lives in the URL. */
export const Route = createFileRoute('/_auth/worker-connections')({
  validateSearch: (search: Record<string, unknown>): { tab?: Tab } =>
    search.tab === 'other' ? { tab: 'other' } : {},
  beforeLoad: ({ context }) => {
    if (!context.me.roles.includes('admin')) throw redirect({ to: '/', replace: true });
  },
  component: WorkerConnectionsPage,
});

function WorkerConnectionsPage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <WorkerConnectionsScreen
      tab={tab ?? 'not-online'}
      onTab={(t) => void navigate({ search: t === 'other' ? { tab: 'other' } : {}, replace: true })}
    />
  );
}
