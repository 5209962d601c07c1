import type { Gen1Account } from '@console/contracts';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { TimerEventCounts } from '../wfl-readings/TimerEventCounts.tsx';
import { Inconsistencies } from './AccountTables.tsx';

/** The status side of the status and notes panel: e-mail, summary lines, metadata errors. */
export function StatusPanel({ account }: { account: Gen1Account }) {
  const timers = account.timers.filter((t) => t.kind === 'timer').length;
  const events = account.timers.length - timers;
  const online = account.wfls.filter((w) => w.online).length;
  return (
    <Paper withBorder p="md" component="section" aria-label="Status">
      <Stack gap={4}>
        <Title order={5}>Status</Title>
        <Text size="sm" fw={600}>
          {account.user.email}
        </Text>
        <Text size="sm">
          {account.wfls.length} WFL(s), {online} online · {account.devices.length} device(s) ·{' '}
          {account.rooms.length} room(s) · {account.moods.length} mood(s) · {account.zones.length} zone(s)
        </Text>
        <Text size="sm">
          Timers: {timers} · Events: {events} · Heating plans: {account.heatingPlans.length}
        </Text>
        {account.wfls.map((w) => (
          <TimerEventCounts key={w.wfl_id} wfl={w} />
        ))}
        <Inconsistencies items={account.inconsistencies} />
      </Stack>
    </Paper>
  );
}
