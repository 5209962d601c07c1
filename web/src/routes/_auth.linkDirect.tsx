import { createFileRoute } from '@tanstack/react-router';
import { LinkDirectScreen } from '../features/engineering/LinkDirectScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /linkDirect (analytics spec §2): direct messages to connected hubs, linkDirect role. */
export const Route = createFileRoute('/_auth/linkDirect')({
  component: () => (
    <RoleGate access={['linkDirect']} title="Link Direct">
      <LinkDirectScreen />
    </RoleGate>
  ),
});
