import type { Gen1Account } from '@console/contracts';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { LinkPlusBadge } from '../status/LinkPlusBadge.tsx';
import { LwrfLinks } from '../status/LwrfLinks.tsx';
import { MetaDataErrors } from '../status/MetaDataErrors.tsx';
import { ResetPasswordButton } from '../status/ResetPasswordButton.tsx';
import { TimerEventCounts } from '../wfl-readings/TimerEventCounts.tsx';

/**
 * The status side of the status and notes panel (seed 000): e-mail, Link Plus indicator, summary
 * lines, data-monitor timer and event counts, Reset Password, metadata errors and 'LWRF Links'.
 */
export function StatusPanel({ account }: { account: Gen1Account }) {
  const userId = account.user.user_id;
  const timers = account.timers.filter((t) => t.kind === 'timer').length;
  const events = account.timers.length - timers;
  const online = account.wfls.filter((w) => w.online).length;
  return (
    <Paper withBorder p="md" component="section" aria-label="Status">
      <Stack gap={6}>
        <Title order={4}>Status</Title>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {account.user.email}
          </Text>
          <LinkPlusBadge userId={userId} />
        </Group>
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
        <ResetPasswordButton email={account.user.email} />
        <MetaDataErrors userId={userId} />
        <LwrfLinks userId={userId} wfls={account.wfls} />
      </Stack>
    </Paper>
  );
}
