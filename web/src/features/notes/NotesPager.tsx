import type { SupportNoteView } from '@console/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/client.ts';
import { saveNote, updateNote } from '../gen1-support/api.ts';

import { gen1Keys, notesQueryOptions } from '../gen1-support/queries.ts';
import { formatStamp } from '../ui/dates.ts';

/**
 * Support notes (core spec §2): a pager (n / total) over the notes, newest first; click a note to
 * edit it (the server refuses others' notes and notes older than an hour, with its own words);
 * a new-note textarea with Save.
 */
export function NotesPanel({ customerId }: { customerId: string }) {
  const notes = useQuery(notesQueryOptions(customerId));
  const [index, setIndex] = useState(0);
  const list = notes.data ?? [];
  const at = Math.min(index, Math.max(0, list.length - 1));
  const note = list[at];

  return (
    <Paper withBorder p="md" component="section" aria-label="Notes">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={5}>Notes</Title>
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
        {notes.isError && (
          <Alert color="red" role="alert">
            {errorMessage(notes.error)}
          </Alert>
        )}
        {note ? (
          <NoteCard key={note.id} note={note} customerId={customerId} />
        ) : (
          <Text c="dimmed">No notes yet.</Text>
        )}
        <NewNote customerId={customerId} onSaved={() => setIndex(0)} />
      </Stack>
    </Paper>
  );
}

function NoteCard({ note, customerId }: { note: SupportNoteView; customerId: string }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.notes);
  const save = useMutation({
    mutationFn: () => updateNote(note.id, text.trim()),
    onSuccess: () => {
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: gen1Keys.notes(customerId) });
    },
  });
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
      <Stack gap={6}>
        <Textarea
          label="Edit note"
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        {meta}
        <Group gap="xs">
          <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={!text.trim()}>
            Update
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(false)}>
            cancel
          </Button>
        </Group>
        {save.error && (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <UnstyledButton
        onClick={() => {
          save.reset();
          setText(note.notes);
          setEditing(true);
        }}
        aria-label="Note, click to edit"
        title="Click to edit"
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {note.notes}
        </Text>
      </UnstyledButton>
      {meta}
    </Stack>
  );
}

function NewNote({ customerId, onSaved }: { customerId: string; onSaved: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const save = useMutation({
    mutationFn: () => saveNote(customerId, text.trim()),
    onSuccess: () => {
      setText('');
      onSaved();
      void queryClient.invalidateQueries({ queryKey: gen1Keys.notes(customerId) });
    },
  });
  return (
    <Stack gap={6}>
      <Textarea
        label="New note"
        autosize
        minRows={2}
        maxLength={5000}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group>
        <Button size="xs" onClick={() => save.mutate()} loading={save.isPending} disabled={!text.trim()}>
          Save
        </Button>
      </Group>
      {save.error && (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      )}
    </Stack>
  );
}
