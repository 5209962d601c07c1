import { createFileRoute } from '@tanstack/react-router';
import { Link2Screen } from '../features/engineering/Link2Screen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /link2 (analytics spec §2): the browser simulates a hub, dev. */
export const Route = createFileRoute('/_auth/link2')({
  component: () => (
    <RoleGate access={['dev']} title="Link2 Simulator">
      <Link2Screen />
    </RoleGate>
  ),
});
