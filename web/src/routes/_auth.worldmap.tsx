import { createFileRoute } from '@tanstack/react-router';
import { readWorldMapParams } from '../features/world-map/params.ts';
import { WorldMapScreen } from '../features/world-map/WorldMapScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /worldmap (analytics spec §2), admin only (§6); the server enforces it on /api/wifilinks. */
export const Route = createFileRoute('/_auth/worldmap')({
  validateSearch: readWorldMapParams,
  component: () => (
    <RoleGate access={[]} title="World Map">
      <WorldMapScreen />
    </RoleGate>
  ),
});
