import type { WflView } from '@console/contracts';
import { Stack, Text } from '@mantine/core';
import { WflLinkBox } from './WflLinkBox.tsx';

/** 'LWRF Links' of the status panel: one expandable box per WFL of the account. */
export function LwrfLinks({ userId, wfls }: { userId: number; wfls: readonly WflView[] }) {
  return (
    <Stack gap={6} component="section" aria-label="LWRF Links">
      <Text size="sm" fw={600}>
        LWRF Links
      </Text>
      {wfls.length === 0 && <Text size="sm">No WFL/LWL found</Text>}
      {wfls.map((w) => (
        <WflLinkBox key={w.wfl_id} userId={userId} wfl={w} />
      ))}
    </Stack>
  );
}
