import { createFileRoute } from '@tanstack/react-router';
import { SettingsScreen } from '../features/auth/SettingsScreen.tsx';

/** /settings — the signed-in user's settings. */
export const Route = createFileRoute('/_auth/settings')({
  component: SettingsScreen,
});
