import { confirmationMatches, HUB_ACTION_TEXT } from '@console/contracts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

interface TypedConfirmModalProps {
  opened: boolean;
  title: string;
  /** The operation whose words are required (contracts CONFIRMATIONS). */
  operationId: string;
  words: string;
  loading?: boolean;
  /** Gets the typed words, which the server checks again. */
  onConfirm: (typed: string) => void;
  onClose: () => void;
}

/** Typed confirmation (Support Plus spec §5): anything but the words says 'Wrong Confirmation'. */
export function TypedConfirmModal({
  opened,
  title,
  operationId,
  words,
  loading,
  onConfirm,
  onClose,
}: TypedConfirmModalProps) {
  const [typed, setTyped] = useState('');
  const [wrong, setWrong] = useState(false);

  const close = () => {
    setTyped('');
    setWrong(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmationMatches(operationId, typed)) return setWrong(true);
    const value = typed;
    setTyped('');
    setWrong(false);
    onConfirm(value);
  };

  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={`Type ${words} to confirm`}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={wrong ? HUB_ACTION_TEXT.wrongConfirmation : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              Confirm
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            The words are checked again by the server.
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
