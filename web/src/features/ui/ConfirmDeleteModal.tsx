import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type FormEvent, type ReactNode, useState } from 'react';
import { messages } from '../forms/validation.ts';

interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The shell's confirm modal (analytics spec §2, §5): deleting needs "yes" typed, in any case;
 * anything else cancels with 'Deletion cancelled.'.
 */
export function ConfirmDeleteModal({
  opened,
  title,
  children,
  loading,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  const [answer, setAnswer] = useState('');

  const cancel = () => {
    notifications.show({ message: messages.deletionCancelled });
    setAnswer('');
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answer.trim().toLowerCase() !== 'yes') return cancel();
    setAnswer('');
    onConfirm();
  };

  return (
    <Modal opened={opened} onClose={cancel} title={title} centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          {children}
          <TextInput
            label="Type yes to confirm"
            value={answer}
            onChange={(event) => setAnswer(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              Delete
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Anything other than yes cancels the deletion.
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
