import { createFileRoute } from '@tanstack/react-router';
import { TimelineScreen } from '../features/timeline/TimelineScreen.tsx';
import { validateTimelineSearch } from '../features/timeline/timeline-search.ts';

/** /supportPlus/hub/:hubId/timeline?epoch&seq&at&jump&filters — one hub's timeline (issue 17). */
export const Route = createFileRoute('/_auth/supportPlus/hub/$hubId_/timeline')({
  validateSearch: validateTimelineSearch,
  component: TimelineScreen,
});
