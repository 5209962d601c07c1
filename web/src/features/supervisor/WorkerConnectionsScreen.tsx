import { Stack, Tabs, Title } from '@mantine/core';
import { NotOnlineTab } from './NotOnlineTab.tsx';
import { OldRecordsTab } from './OldRecordsTab.tsx';

/** Worker connections (analytics spec §2): tabs Not Online and Other. */
export function WorkerConnectionsScreen({
  tab,
  onTab,
}: {
  tab: 'not-online' | 'other';
  onTab: (t: 'not-online' | 'other') => void;
}) {
  return (
    <Stack gap="md">
      <Title order={1}>Worker Connections</Title>
      <Tabs value={tab} onChange={(v) => onTab(v === 'other' ? 'other' : 'not-online')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="not-online">Not Online</Tabs.Tab>
          <Tabs.Tab value="other">Other</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="not-online" pt="md">
          <NotOnlineTab />
        </Tabs.Panel>
        <Tabs.Panel value="other" pt="md">
          <OldRecordsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
