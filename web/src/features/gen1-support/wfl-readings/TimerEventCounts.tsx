import type { TimerEventCounts as Counts } from '@console/contracts';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { operationUrl } from '../../../shared/api/call.ts';
import { errorMessage } from '../../../shared/api/client.ts';
import { supportRead } from '../queries.ts';
import { shownMac } from '../wfl-display.ts';

/** The status panel's timer and event counts in the data monitor database, by WFL MAC (getTimerEvents). */
export function TimerEventCounts({ wfl }: { wfl: { mac: string; macDisplay: string } }) {
  const q = useQuery(
    supportRead<Counts>(
      ['wfl', wfl.mac, 'timer-events'],
      operationUrl('search.getTimerEvents', { params: { mac: wfl.mac } }),
    ),
  );
  return (
    <Text size="sm" data-testid="dm-timer-events">
      Data monitor ({shownMac(wfl)}):{' '}
      {q.data ? `${q.data.timers} timers · ${q.data.events} events` : q.isError ? errorMessage(q.error) : '…'}
    </Text>
  );
}
