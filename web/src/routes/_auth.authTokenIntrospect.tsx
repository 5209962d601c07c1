import { operationById } from '@console/contracts';
import { createFileRoute } from '@tanstack/react-router';
import { TokenIntrospectScreen } from '../features/auth-tools/TokenIntrospectScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /authTokenIntrospect (analytics spec §2): authData or dev. */
export const Route = createFileRoute('/_auth/authTokenIntrospect')({
  component: () => (
    <RoleGate access={operationById('auth.tokenIntrospect').access} title="Token Introspect">
      <TokenIntrospectScreen />
    </RoleGate>
  ),
});
