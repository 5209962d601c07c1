import type { StructureDetail } from '@console/contracts';
import { Badge, Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { TimelineTab } from '../../timeline/TimelineTab.tsx';
import { AutomationsTab } from './AutomationsTab.tsx';
import { DevicesTab } from './DevicesTab.tsx';
import { ErrorsTab } from './ErrorsTab.tsx';
import { FeaturesTab } from './FeaturesTab.tsx';
import { GroupsTab } from './GroupsTab.tsx';
import type { StructureTab } from './structure-search.ts';
import { AccessRequestsTab } from './tabs/AccessRequestsTab.tsx';
import { AgentTab } from './tabs/AgentTab.tsx';
import { BackupsTab } from './tabs/BackupsTab.tsx';
import { connsTab } from './tabs/ConnsTab.tsx';
import { DeviceStatusTab } from './tabs/DeviceStatusTab.tsx';
import { firmwareQueueTab } from './tabs/FirmwareQueueTab.tsx';
import { LogsTab } from './tabs/LogsTab.tsx';
import { NotificationsTab } from './tabs/NotificationsTab.tsx';
import { PagedTable, type PagedTabSpec } from './tabs/PagedTable.tsx';
import { SyncTab } from './tabs/SyncTab.tsx';
import { TransTab } from './tabs/TransTab.tsx';

/** A tab that is the structure's records in one paged table. */
const pagedTab = (label: string, spec: PagedTabSpec) => ({
  label,
  render: (d: StructureDetail) => <PagedTable {...spec} body={{ rootGroupId: d.structure.rootGroupId }} />,
});

/** Each tab's label and content, in the seed's order; the tabs after Features load on opening. */
const TABS: Record<StructureTab, { label: string; render: (d: StructureDetail) => ReactNode }> = {
  errors: { label: 'Errors', render: (d) => <ErrorsTab problems={d.problems} /> },
  devices: {
    label: 'Devices',
    render: (d) => (
      <DevicesTab
        devices={d.devices}
        features={d.features}
        groups={d.groups}
        rootGroupId={d.structure.rootGroupId}
      />
    ),
  },
  groups: { label: 'Groups', render: (d) => <GroupsTab groups={d.groups} /> },
  backups: { label: 'Backups', render: (d) => <BackupsTab detail={d} /> },
  automations: { label: 'Automations', render: (d) => <AutomationsTab detail={d} /> },
  features: { label: 'Features', render: (d) => <FeaturesTab features={d.features} /> },
  alexa: { label: 'Alexa', render: (d) => <AgentTab type="alexa" detail={d} /> },
  google: { label: 'Google', render: (d) => <AgentTab type="google" detail={d} /> },
  samsung: { label: 'Samsung', render: (d) => <AgentTab type="smartthings" detail={d} /> },
  notifications: {
    label: 'Notifications',
    render: (d) => <NotificationsTab rootGroupId={d.structure.rootGroupId} />,
  },
  trans: { label: 'Trans', render: (d) => <TransTab rootGroupId={d.structure.rootGroupId} /> },
  sync: { label: 'Sync', render: (d) => <SyncTab rootGroupId={d.structure.rootGroupId} /> },
  conns: pagedTab('Conns', connsTab),
  logs: { label: 'Logs', render: (d) => <LogsTab rootGroupId={d.structure.rootGroupId} /> },
  fwq: pagedTab('FW Q', firmwareQueueTab),
  sareqs: { label: 'SA Reqs', render: (d) => <AccessRequestsTab rootGroupId={d.structure.rootGroupId} /> },
  dstatus: { label: 'D-Status', render: (d) => <DeviceStatusTab detail={d} /> },
  timeline: { label: 'Timeline', render: (d) => <TimelineTab hubIds={d.hubs.map((h) => String(h.hubId))} /> },
};

/** The structure's 17 tabs (seed 001 §2) and the hub timeline; only the open one is mounted. */
export function StructureTabs({
  detail,
  tab,
  onTab,
}: {
  detail: StructureDetail;
  tab: StructureTab;
  onTab: (tab: StructureTab) => void;
}) {
  const entries = Object.entries(TABS) as [StructureTab, (typeof TABS)[StructureTab]][];
  return (
    <Tabs value={tab} onChange={(v) => v && onTab(v as StructureTab)} keepMounted={false}>
      <Tabs.List>
        {entries.map(([value, t]) => (
          <Tabs.Tab
            key={value}
            value={value}
            rightSection={
              value === 'errors' && detail.problems.length > 0 ? (
                <Badge size="xs" color="red" circle>
                  {detail.problems.length}
                </Badge>
              ) : undefined
            }
          >
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {entries.map(([value, t]) => (
        <Tabs.Panel key={value} value={value} pt="md">
          {tab === value ? t.render(detail) : null}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
