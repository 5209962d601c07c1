import type { SupportNoteView } from '@console/contracts';
import { Alert, Badge, Button, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { formatStamp } from '../../shared/ui/dates.ts';
import { NewNoteForm } from './NewNoteForm.tsx';
import { NoteEditor } from './NoteEditor.tsx';
import { NOTE_WORDS } from './note-words.ts';
import { notesQueryOptions } from './queries.ts';

const words = NOTE_WORDS.list;

/** Support Plus's notes (seed 001 §2): add one, then every note with Edit on the staff's own. */
export function NotesList({ customerId }: { customerId: string }) {
  const notes = useQuery(notesQueryOptions(customerId));
  return (
    <Paper withBorder p="sm" component="section" aria-label="Notes">
      <Title order={4} mb="xs">
        Notes
      </Title>
      <NewNoteForm customerId={customerId} submitLabel={words.add} />
      {notes.isPending ? (
        <Loader size="xs" mt="sm" aria-label="Loading notes" />
      ) : notes.isError ? (
        <Alert color="red" mt="sm" title="Notes not loaded">
          {errorMessage(notes.error)}
        </Alert>
      ) : notes.data.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          No notes yet.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={420} mt="sm">
          <Stack gap="xs" role="list" aria-label="Support notes">
            {notes.data.map((n) => (
              <NoteItem key={n.id} note={n} customerId={customerId} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

function NoteItem({ note, customerId }: { note: SupportNoteView; customerId: string }) {
  const [editing, setEditing] = useState(false);
  return (
    <Paper
      withBorder
      p="xs"
      role="listitem"
      bg={note.automatic ? 'var(--mantine-color-default-hover)' : undefined}
    >
      <Group justify="space-between" gap={4}>
        <Text size="xs" c="dimmed">
          {note.automatic ? 'automatic' : note.userId} · {formatStamp(note.updatedDate)}
        </Text>
        {note.automatic ? (
          <Badge size="xs" variant="light" color="gray">
            system
          </Badge>
        ) : (
          !editing && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setEditing(true)}
              title={note.editable ? undefined : 'Only the author may change a note, within an hour'}
            >
              Edit
            </Button>
          )
        )}
      </Group>
      {editing ? (
        <NoteEditor customerId={customerId} note={note} words={words} onDone={() => setEditing(false)} />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {note.notes}
        </Text>
      )}
    </Paper>
  );
}
