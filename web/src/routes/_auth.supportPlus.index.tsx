import { createFileRoute } from '@tanstack/react-router';
import { liveChannelsQueryOptions, overviewQueryOptions } from '../features/support-plus/queries.ts';
import { SupportPlusScreen } from '../features/support-plus/SupportPlusScreen.tsx';
import { validateSupportPlusSearch } from '../features/support-plus/search/search-params.ts';

/** /supportPlus?searchterm&products&fields&migrated&all&debug&hostName — search, else the overview. */
export const Route = createFileRoute('/_auth/supportPlus/')({
  validateSearch: validateSupportPlusSearch,
  // The overview is what the screen shows first; a failure to load it is shown in its place.
  // The live links are started, not awaited: a server warming up answers 202 and is asked again in 5 s.
  loader: async ({ context }) => {
    if (!context.supportPlusAllowed) return;
    void context.queryClient.prefetchQuery(liveChannelsQueryOptions());
    await context.queryClient.ensureQueryData(overviewQueryOptions()).catch(() => undefined);
  },
  component: SupportPlusScreen,
});
