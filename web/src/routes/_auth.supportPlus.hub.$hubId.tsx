import { createFileRoute } from '@tanstack/react-router';
import { HubScreen } from '../features/support-plus/hub/HubScreen.tsx';

/** /supportPlus/hub/:hubId — one hub's card and live traffic, reachable by hub id. */
export const Route = createFileRoute('/_auth/supportPlus/hub/$hubId')({
  component: HubScreen,
});
