import { displayMac } from '@console/contracts';
import { Stack, Text } from '@mantine/core';
import { CommandsPanel } from './CommandsPanel.tsx';
import { PingsPanel } from './PingsPanel.tsx';
import { PokePanel } from './PokePanel.tsx';

export interface WflCommandPanelsProps {
  userId: number;
  wfl: { wfl_id: number; mac: string; name: string };
}

/**
 * The per-WFL Pings, Commands and Poke panels of the legacy support page (seed 000 §2), over
 * hub-control's Gen1 command path. Every rule (roles, ranges, typed confirmation, offline link)
 * is enforced again on the server.
 */
export function WflCommandPanels({ userId, wfl }: WflCommandPanelsProps) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        WFL {wfl.wfl_id} · {wfl.name} · {displayMac(wfl.mac)}
      </Text>
      <PingsPanel mac={wfl.mac} />
      <CommandsPanel mac={wfl.mac} />
      <PokePanel userId={userId} mac={wfl.mac} />
    </Stack>
  );
}
