import { STATS_ROLES } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { StatsScreen } from '../features/stats/StatsScreen.tsx';
import { type StatsSearch, validateStatsSearch } from '../features/stats/stats-search.ts';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /stats (core spec §2): the statistics tabs. */
export const Route = createFileRoute('/_auth/stats')({
  validateSearch: validateStatsSearch,
  component: StatsPage,
});

function StatsPage() {
  const navigate = Route.useNavigate();
  const setSearch = useCallback(
    (next: StatsSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return (
    <RoleGate access={STATS_ROLES} title="Statistics">
      <StatsScreen search={Route.useSearch()} setSearch={setSearch} />
    </RoleGate>
  );
}
