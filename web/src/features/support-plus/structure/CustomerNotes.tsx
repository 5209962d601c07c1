import type { StructureUser, SupportNoteView } from '@console/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { formatStamp } from '../../ui/dates.ts';
import {
  notesQueryOptions,
  saveNote,
  supportPlusKeys,
  updateNote,
  viewHistoryQueryOptions,
} from '../queries.ts';

const NOTE_MAX = 5000;

/**
 * The side bar of a structure (seed 001 §2): the chosen customer's support notes (add; change
 * one's own within the hour — the server's refusal is shown as it says it) and who viewed them.
 */
export function NotesSidebar({
  users,
  customerId,
  onCustomer,
  staffName,
}: {
  users: StructureUser[];
  customerId: string | null;
  onCustomer: (userId: string) => void;
  staffName: string;
}) {
  return (
    <Stack gap="md">
      {users.length > 1 && (
        <Select
          label="Customer"
          data={users.map((u) => ({ value: u.userId, label: u.email }))}
          value={customerId}
          onChange={(v) => v && onCustomer(v)}
          allowDeselect={false}
        />
      )}
      {customerId ? (
        <>
          <Notes customerId={customerId} key={`notes-${customerId}`} />
          <ViewHistory customerId={customerId} staffName={staffName} key={`views-${customerId}`} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          No user has access to this structure, so there is no one to keep notes on.
        </Text>
      )}
    </Stack>
  );
}

function Notes({ customerId }: { customerId: string }) {
  const queryClient = useQueryClient();
  const notes = useQuery(notesQueryOptions(customerId));
  const [draft, setDraft] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: supportPlusKeys.notes(customerId) });
  const add = useMutation({
    mutationFn: (text: string) => saveNote(customerId, text),
    onSuccess: () => {
      setDraft('');
      return refresh();
    },
  });
  const tooLong = draft.length > NOTE_MAX ? `At most ${NOTE_MAX} characters.` : null;

  return (
    <Paper withBorder p="sm" component="section" aria-label="Notes">
      <Title order={5} mb="xs">
        Notes
      </Title>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.trim() && !tooLong) add.mutate(draft.trim());
        }}
      >
        <Textarea
          label="New note"
          autosize
          minRows={2}
          maxRows={8}
          value={draft}
          onChange={(e) => setDraft(e.currentTarget.value)}
          error={tooLong ?? (add.isError ? errorMessage(add.error) : null)}
        />
        <Button type="submit" size="xs" mt="xs" loading={add.isPending} disabled={!draft.trim() || !!tooLong}>
          Add note
        </Button>
      </form>
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
              <NoteItem key={n.id} note={n} onChanged={refresh} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}

function NoteItem({ note, onChanged }: { note: SupportNoteView; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.notes);
  const change = useMutation({
    mutationFn: () => updateNote(note.id, text.trim()),
    onSuccess: () => {
      setEditing(false);
      onChanged();
    },
  });
  return (
    <Paper withBorder p="xs" role="listitem" bg={note.automatic ? 'gray.0' : undefined}>
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
              onClick={() => {
                change.reset();
                setText(note.notes);
                setEditing(true);
              }}
              title={note.editable ? undefined : 'Only the author may change a note, within an hour'}
            >
              Edit
            </Button>
          )
        )}
      </Group>
      {editing ? (
        <Stack gap={4} mt={4}>
          <Textarea
            label="Change note"
            autosize
            minRows={2}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
          {change.isError && (
            <Alert color="red" p="xs">
              {errorMessage(change.error)}
            </Alert>
          )}
          <Group gap="xs">
            <Button
              size="compact-xs"
              onClick={() => change.mutate()}
              loading={change.isPending}
              disabled={!text.trim()}
            >
              Save note
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {note.notes}
        </Text>
      )}
    </Paper>
  );
}

function ViewHistory({ customerId, staffName }: { customerId: string; staffName: string }) {
  const history = useQuery(viewHistoryQueryOptions(customerId, staffName));
  return (
    <Paper withBorder p="sm" component="section" aria-label="View history">
      <Title order={5} mb="xs">
        View history
      </Title>
      {history.isPending ? (
        <Loader size="xs" aria-label="Loading view history" />
      ) : history.isError ? (
        <Alert color="red" title="View history not loaded">
          {errorMessage(history.error)}
        </Alert>
      ) : (
        <ScrollArea.Autosize mah={300}>
          <Stack gap={2} role="list" aria-label="Views">
            {history.data.map((v, i) => (
              <Text key={`${v.createdDate}-${i}`} size="xs" role="listitem">
                {formatStamp(v.createdDate)} · {v.name ? `${v.name} (${v.userId})` : v.userId}
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
