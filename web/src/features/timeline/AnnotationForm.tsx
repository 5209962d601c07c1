import { TIMELINE } from '@console/contracts';
import { Button, Group, Paper, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { bound } from '../../shared/ui/bound.ts';
import { DateRangeInputs } from '../../shared/ui/DateInput.tsx';
import { fromLocalInput, toLocalInput } from '../../shared/ui/dates.ts';
import { createAnnotation, timelineKeys } from './queries.ts';

/** A short staff text pinned to a time range of the hub's timeline (stored and audited). */
export function AnnotationForm({ hubId }: { hubId: string }) {
  const queryClient = useQueryClient();
  const [range, setRange] = useState(() => ({
    from: toLocalInput(new Date(Date.now() - 5 * 60_000)),
    to: toLocalInput(new Date()),
  }));
  const [text, setText] = useState('');
  const save = useMutation({
    mutationFn: (body: { from: number; to: number; text: string }) => createAnnotation(hubId, body),
    onSuccess: async () => {
      setText('');
      notifications.show({ color: 'green', message: 'Annotation added.' });
      await queryClient.invalidateQueries({ queryKey: timelineKeys.hub(hubId) });
    },
    onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = fromLocalInput(range.from);
    const b = fromLocalInput(range.to);
    if (!a || !b || !text.trim()) return;
    save.mutate({ from: Date.parse(a), to: Date.parse(b), text: text.trim() });
  };
  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} aria-label="Add an annotation">
      <Group gap="xs" align="end">
        <DateRangeInputs time value={range} onChange={setRange} />
        <TextInput
          label="Annotation"
          placeholder="What happened here"
          maxLength={TIMELINE.annotationMaxChars}
          {...bound(text, setText)}
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={save.isPending} disabled={!text.trim()}>
          Annotate
        </Button>
      </Group>
    </Paper>
  );
}
