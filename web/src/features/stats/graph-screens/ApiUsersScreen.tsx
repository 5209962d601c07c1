import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { DateInput } from '../../../shared/ui/DateInput.tsx';
import { bucketLabel, rangeCaption } from '../graph-kit/format.ts';
import { GraphChart } from '../graph-kit/GraphChart.tsx';
import { defaultGraphOptions, GraphOptions } from '../graph-kit/GraphOptions.tsx';
import { compareRange } from '../graph-kit/transform.ts';
import { usersWithApiQueryOptions } from '../queries.ts';
import { latestCreated, voiceWeeks } from './api-users.ts';

const DAY = 86_400_000;

/** `/api-users`: voice-linked users versus all users, per week (analytics spec §2). */
export function ApiUsersScreen() {
  const [options, setOptions] = useState(defaultGraphOptions(365));
  const [toDate, setToDate] = useState('');
  const q = useQuery(usersWithApiQueryOptions());
  const daysOk = Number.isInteger(options.days) && options.days >= 1 && options.days <= 3650;
  const end = toDate ? Date.parse(`${toDate}T23:59:59Z`) : q.data ? latestCreated(q.data) : null;
  const from = end ? end - options.days * DAY : 0;
  const weeks = q.data && end && daysOk ? voiceWeeks(q.data, from, end) : [];
  const cmp = end && options.compare ? compareRange(new Date(from), new Date(end), options.compare) : null;
  const before = q.data && cmp && daysOk ? voiceWeeks(q.data, cmp.from.getTime(), cmp.to.getTime()) : [];
  const pick = (w: typeof weeks) =>
    options.percent
      ? [{ name: 'voice users, % of new users', values: w.map((x) => x.percent) }]
      : [
          { name: 'new voice users', values: w.map((x) => x.voice) },
          { name: 'new users', values: w.map((x) => x.all) },
          { name: 'day gap (max 99)', values: w.map((x) => x.dayGap) },
        ];
  return (
    <Stack gap="md">
      <Title order={1}>Voice Users</Title>
      <Text size="sm" c="dimmed">
        Gen1 users with a voice link and all users, new per week. Links made before 01/10/15 count on that
        date.
      </Text>
      <DateInput label="To" w={170} value={toDate} onChange={setToDate} />
      <GraphOptions
        value={options}
        onChange={setOptions}
        periodError={daysOk ? null : 'Period must be a whole number of days from 1 to 3650.'}
      />
      <GraphChart
        title="Voice users per week"
        caption={
          end
            ? rangeCaption(new Date(from).toISOString(), new Date(end).toISOString())
            : rangeCaption(null, null)
        }
        exportName="api-users"
        xs={weeks.map((w) => bucketLabel(w.week, false))}
        series={pick(weeks)}
        compared={cmp ? pick(before) : undefined}
        options={{ ...options, percent: false }}
        loading={q.isPending}
        error={q.isError ? errorMessage(q.error) : null}
      />
    </Stack>
  );
}
