import { createFileRoute } from '@tanstack/react-router';
import { SignupScreen } from '../features/staff-users/SignupScreen.tsx';

/** /signup — a signed-in user creates a staff user. */
export const Route = createFileRoute('/_auth/signup')({
  component: SignupScreen,
});
