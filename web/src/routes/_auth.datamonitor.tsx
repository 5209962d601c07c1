import { allows } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { DataMonitorScreen } from '../features/data-monitor/DataMonitorScreen.tsx';
import { energyBody, readDataMonitorParams, withDefaults } from '../features/data-monitor/params.ts';
import { energyQueryOptions } from '../features/data-monitor/queries.ts';

/** /datamonitor — where data users land (core spec §2); the view lives in the URL. */
export const Route = createFileRoute('/_auth/datamonitor')({
  validateSearch: readDataMonitorParams,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => {
    if (!allows(['datauser'], context.me.roles)) return;
    const s = withDefaults(deps);
    // A failed load shows on the screen (the Server request failed notice), not as a route error.
    const fail = () => undefined;
    return context.queryClient.ensureQueryData(energyQueryOptions(energyBody(s), s.page)).then(fail, fail);
  },
  component: DataMonitorScreen,
});
