import { operationById } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { UserEmailScreen } from '../features/auth-tools/UserEmailScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /userEmail?term (analytics spec §2): authData or dev; the looked-up e-mail or id is in the URL. */
export const Route = createFileRoute('/_auth/userEmail')({
  validateSearch: (search: Record<string, unknown>): { term?: string } =>
    typeof search.term === 'string' && search.term.trim() ? { term: search.term.trim().slice(0, 254) } : {},
  component: () => (
    <RoleGate access={operationById('auth.userAuthLookup').access} title="User Auth Data">
      <UserEmailScreen />
    </RoleGate>
  ),
});
