import { createFileRoute } from '@tanstack/react-router';
import { startTimelineOfSearch } from '../features/timeline/early.ts';
import { TimelineScreen } from '../features/timeline/TimelineScreen.tsx';
import { validateTimelineSearch } from '../features/timeline/timeline-search.ts';

/** /supportPlus/hub/:hubId/timeline?epoch&seq&at&jump&filters — one hub's timeline (issue 17). */
export const Route = createFileRoute('/_auth/supportPlus/hub/$hubId_/timeline')({
  validateSearch: validateTimelineSearch,
  // The first page is asked for as the route is matched, beside the session check (see _auth).
  staticData: {
    startEarly: ({ queryClient, params, search }) =>
      startTimelineOfSearch(queryClient, String(params.hubId ?? ''), search),
  },
  component: TimelineScreen,
});
