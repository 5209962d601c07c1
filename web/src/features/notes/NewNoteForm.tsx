import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { TextBox } from '../../shared/ui/TextBox.tsx';
import { NOTE_MAX, useAddNote } from './use-note-mutations.ts';

/** The new-note textarea and its button; a note over the limit is refused here, with the limit. */
export function NewNoteForm({
  customerId,
  submitLabel,
  onSaved,
}: {
  customerId: string;
  submitLabel: string;
  onSaved?: () => void;
}) {
  const [draft, setDraft] = useState('');
  const add = useAddNote(customerId, () => {
    setDraft('');
    onSaved?.();
  });
  const tooLong = draft.length > NOTE_MAX ? `At most ${NOTE_MAX} characters.` : null;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.trim() && !tooLong) add.mutate(draft.trim());
      }}
    >
      <TextBox
        label="New note"
        grow={[2, 8]}
        state={[draft, setDraft]}
        error={tooLong ?? (add.isError ? errorMessage(add.error) : null)}
      />
      <Group mt="xs">
        <Button type="submit" size="xs" loading={add.isPending} disabled={!draft.trim() || !!tooLong}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
