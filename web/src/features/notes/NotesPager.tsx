import type { SupportNoteView } from '@console/contracts';
import { Badge, Button, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatStamp } from '../../shared/ui/dates.ts';
import { ErrorAlert } from '../../shared/ui/ErrorAlert.tsx';
import { NewNoteForm } from './NewNoteForm.tsx';
import { NoteEditor } from './NoteEditor.tsx';
import { NOTE_WORDS } from './note-words.ts';
import { notesQueryOptions } from './queries.ts';

const words = NOTE_WORDS.pager;

/**
 * The legacy page's notes (core spec §2): a pager (n / total) over the notes, newest first; click
 * a note to edit it; a new-note textarea with Save.
 */
export function NotesPager({ customerId }: { customerId: string }) {
  const notes = useQuery(notesQueryOptions(customerId));
  const [index, setIndex] = useState(0);
  const list = notes.data ?? [];
  const at = Math.min(index, Math.max(0, list.length - 1));
  const note = list[at];

  return (
    <Paper withBorder p="md" component="section" aria-label="Notes">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Notes</Title>
          <Group gap="xs" aria-label="Notes pager">
            <Button size="compact-xs" variant="default" disabled={at <= 0} onClick={() => setIndex(at - 1)}>
              Previous
            </Button>
            <Text size="sm" aria-label="Note number">
              {list.length === 0 ? 0 : at + 1} / {list.length}
            </Text>
            <Button
              size="compact-xs"
              variant="default"
              disabled={at >= list.length - 1}
              onClick={() => setIndex(at + 1)}
            >
              Next
            </Button>
          </Group>
        </Group>
        <ErrorAlert role="alert" error={notes.error} />
        {note ? (
          <NoteCard key={note.id} note={note} customerId={customerId} />
        ) : (
          <Text c="dimmed">No notes yet.</Text>
        )}
        <NewNoteForm customerId={customerId} submitLabel={words.add} onSaved={() => setIndex(0)} />
      </Stack>
    </Paper>
  );
}

function NoteCard({ note, customerId }: { note: SupportNoteView; customerId: string }) {
  const [editing, setEditing] = useState(false);
  const meta = (
    <Group gap="xs">
      <Text size="xs" c="dimmed">
        Modified {formatStamp(note.updatedDate)} by {note.userId}
      </Text>
      {note.automatic && (
        <Badge size="xs" variant="light">
          automatic
        </Badge>
      )}
    </Group>
  );
  if (editing) {
    return (
      <NoteEditor
        customerId={customerId}
        note={note}
        words={words}
        meta={meta}
        onDone={() => setEditing(false)}
      />
    );
  }
  return (
    <Stack gap={4}>
      <UnstyledButton onClick={() => setEditing(true)} aria-label="Note, click to edit" title="Click to edit">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {note.notes}
        </Text>
      </UnstyledButton>
      {meta}
    </Stack>
  );
}
