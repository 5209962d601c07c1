import type { SupportNoteView } from '@console/contracts';
import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { bound } from '../../shared/ui/bound.ts';
import type { NoteWords } from './note-words.ts';
import { useChangeNote } from './use-note-mutations.ts';

/**
 * Changing one note. The server decides who may (the author, within the hour) and its refusal is
 * shown in its own words, so staff see why.
 */
export function NoteEditor({
  customerId,
  note,
  words,
  meta,
  onDone,
}: {
  customerId: string;
  note: SupportNoteView;
  words: NoteWords;
  /** Shown under the textarea (the pager's "Modified … by …"). */
  meta?: ReactNode;
  onDone: () => void;
}) {
  const [text, setText] = useState(note.notes);
  const change = useChangeNote(customerId, note.id, onDone);
  return (
    <Stack gap={6} mt={4}>
      <Textarea label={words.change} autosize minRows={2} {...bound(text, setText)} />
      {meta}
      {change.isError && (
        <Alert color="red" role="alert" p="xs">
          {errorMessage(change.error)}
        </Alert>
      )}
      <Group gap="xs">
        <Button
          size="compact-xs"
          onClick={() => change.mutate(text.trim())}
          loading={change.isPending}
          disabled={!text.trim()}
        >
          {words.save}
        </Button>
        <Button size="compact-xs" variant="default" onClick={onDone}>
          {words.cancel}
        </Button>
      </Group>
    </Stack>
  );
}
