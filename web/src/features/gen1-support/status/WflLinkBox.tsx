import type { WflLinkDevice, WflView } from '@console/contracts';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { formatStamp } from '../../../shared/ui/dates.ts';
import { type Column, TitledTable } from '../../../shared/ui/TitledTable.tsx';
import { shownMac } from '../wfl-display.ts';
import { wflLinkQueryOptions } from './queries.ts';

const deviceColumns: Column<WflLinkDevice>[] = [
  { header: 'Name', cell: (d) => d.name },
  { header: 'Serial', cell: (d) => d.serial },
  { header: 'Last updated', cell: (d) => (d.lastUpdated ? formatStamp(d.lastUpdated) : 'never') },
];

/** One WFL of 'LWRF Links': health heart and last command; expanded, its devices and timeouts. */
export function WflLinkBox({ userId, wfl }: { userId: number; wfl: WflView }) {
  const [open, setOpen] = useState(false);
  const q = useQuery(wflLinkQueryOptions(userId, wfl.wfl_id));
  const link = q.data;
  const label = `LWRF Link ${wfl.wfl_id}`;
  return (
    <Paper withBorder p="xs" component="section" aria-label={label}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap">
          {/* Seed 000 §4: healthy when the last ping is under 60 s old (the account's online flag). */}
          <Text
            c={wfl.online ? 'green' : 'red'}
            aria-label={wfl.online ? 'Healthy' : 'Not healthy'}
            role="img"
          >
            ♥
          </Text>
          <Text size="sm" fw={600}>
            {wfl.name} ({shownMac(wfl)})
          </Text>
        </Group>
        <Button variant="subtle" size="compact-xs" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? 'Collapse' : 'Expand'}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" data-testid="last-command">
        Last command:{' '}
        {link
          ? link.lastCommandAt
            ? formatStamp(link.lastCommandAt)
            : 'none'
          : q.isError
            ? errorMessage(q.error)
            : '…'}
      </Text>
      {open && link && (
        <Stack gap="xs" mt="xs">
          <TitledTable
            title="Energy devices"
            rows={link.devices.energy}
            rowKey={(d) => d.device_id}
            columns={deviceColumns}
          />
          <TitledTable
            title="Heating devices"
            rows={link.devices.heating}
            rowKey={(d) => d.device_id}
            columns={deviceColumns}
          />
          <TitledTable
            title="Other devices"
            rows={link.devices.other}
            rowKey={(d) => d.device_id}
            columns={deviceColumns}
          />
          {link.timeouts.length === 0 && <Text size="sm">No timed-out commands.</Text>}
          {link.timeouts.map((t) => (
            <TitledTable
              key={t.day}
              title={`Timeouts ${t.day}`}
              rows={t.commands}
              rowKey={(c) => c.id}
              columns={[
                { header: 'Time', cell: (c) => formatStamp(c.time) },
                { header: 'Command', cell: (c) => c.command },
                { header: 'Requested by', cell: (c) => c.email },
              ]}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
