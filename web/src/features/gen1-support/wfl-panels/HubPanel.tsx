import type { WflView } from '@console/contracts';
import { Badge, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatLocal, formatStamp } from '../../../shared/ui/dates.ts';
import { shownMac } from '../wfl-display.ts';
import { ClosablePanel, type WflPanelProps } from './ClosablePanel.tsx';
import { hubQueryOptions } from './queries.ts';

/** Label and value rows of a small record. */
export function Facts({ label, rows }: { label: string; rows: [string, ReactNode][] }) {
  return (
    <Table aria-label={label} withRowBorders={false} verticalSpacing={2}>
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w={160}>{k}</Table.Th>
            <Table.Td>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export const hubFacts = (w: WflView): [string, ReactNode][] => [
  ['WFL id', w.wfl_id],
  ['MAC', `${w.mac} (${shownMac(w)})`],
  ['Serial', w.serial],
  ['Firmware', w.firmware ?? ''],
  ['Heating', w.heating ? 'yes' : 'no'],
  ['Created', formatStamp(w.created)],
  ['Updated', formatStamp(w.updated)],
  ['Ping time', w.pingtime === null ? 'never' : formatLocal(w.pingtime * 1000)],
  [
    'Online',
    <Badge key="online" color={w.online ? 'green' : 'red'} variant="light">
      {w.online ? 'online' : 'offline'}
    </Badge>,
  ],
];

/** Hub panel: the WFL as a hub (ids, firmware, heating, created and updated, ping, online). */
export function HubPanel({ wflId, onClose }: WflPanelProps) {
  const q = useQuery(hubQueryOptions(wflId));
  return (
    <ClosablePanel title="Hub" onClose={onClose} q={q}>
      {q.data && <Facts label="Hub" rows={hubFacts(q.data)} />}
    </ClosablePanel>
  );
}
