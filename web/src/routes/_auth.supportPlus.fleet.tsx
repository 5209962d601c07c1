import { createFileRoute } from '@tanstack/react-router';
import { FleetScreen } from '../features/fleet/FleetScreen.tsx';
import { validateFleetSearch } from '../features/fleet/fleet-search.ts';

/** /supportPlus/fleet?expression&lookback — the fleet lens: one expression over every hub's messages (issue 33). */
export const Route = createFileRoute('/_auth/supportPlus/fleet')({
  validateSearch: validateFleetSearch,
  component: FleetScreen,
});
