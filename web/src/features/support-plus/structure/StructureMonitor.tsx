import { liveTopics, type StructureDetail } from '@console/contracts';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { LiveMonitor } from '../../../shared/live/LiveMonitor.tsx';

/**
 * The structure-wide live monitor (seed 001 §2): the hub page's monitor opened on every hub of the
 * structure at once (`/ws` topic `structure:<rootGroupId>`), with the same client-type, class and
 * operation filters and counters. Opened on request, so a structure page holds no stream unasked.
 */
export function StructureMonitor({ detail }: { detail: StructureDetail }) {
  const [open, setOpen] = useState(false);
  const hubs = detail.hubs.map((h) => String(h.hubId));
  if (hubs.length === 0) return null;
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between">
        <Text fw={600}>Structure monitor</Text>
        <Button size="xs" variant={open ? 'default' : 'light'} onClick={() => setOpen(!open)}>
          {open ? 'Close monitor' : `Monitor all ${hubs.length} link${hubs.length === 1 ? '' : 's'}`}
        </Button>
      </Group>
      {open && (
        <LiveMonitor
          topic={liveTopics.structure(detail.structure.rootGroupId)}
          hubs={hubs}
          title="Live messages of the structure"
        />
      )}
    </Paper>
  );
}
