import { confirmationMatches, HUB_ACTION_TEXT } from '@console/contracts';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { bound } from './bound.ts';

interface TypedConfirmModalProps {
  opened: boolean;
  title: string;
  /** What is about to happen, above the box. */
  children?: ReactNode;
  /** The words to type, shown in the box's label. */
  words: string;
  matches: (typed: string) => boolean;
  /** Shown under the box when the words are wrong; without it, wrong words cancel. */
  wrongText?: string;
  confirmLabel?: string;
  hint: string;
  loading?: boolean;
  /** Gets the typed words: servers that check them again are sent what was typed. */
  onConfirm: (typed: string) => void;
  /** Closing, Cancel, or wrong words when there is no `wrongText`. */
  onCancel: () => void;
}

/**
 * The console's one typed confirmation: destructive actions go ahead only when their words are
 * typed (the shell's "yes" for deletions, analytics spec §5; Support Plus's link words, spec §5).
 */
export function TypedConfirmModal({
  opened,
  title,
  children,
  words,
  matches,
  wrongText,
  confirmLabel = 'Confirm',
  hint,
  loading,
  onConfirm,
  onCancel,
}: TypedConfirmModalProps) {
  const [typed, setTyped] = useState('');
  const [wrong, setWrong] = useState(false);
  const reset = () => {
    setTyped('');
    setWrong(false);
  };
  const cancel = () => {
    reset();
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches(typed)) return wrongText ? setWrong(true) : cancel();
    const value = typed;
    reset();
    onConfirm(value);
  };

  return (
    <Modal opened={opened} onClose={cancel} title={title} centered>
      <form onSubmit={submit}>
        <Stack gap="md">
          {children}
          <TextInput
            label={`Type ${words} to confirm`}
            {...bound(typed, setTyped)}
            error={wrong ? wrongText : undefined}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The typed words of an operation (contracts CONFIRMATIONS), as TypedConfirmModal props: the
 * server checks them again, so what was typed is what is sent.
 */
export function serverChecked(operationId: string) {
  return {
    matches: (typed: string) => confirmationMatches(operationId, typed),
    wrongText: HUB_ACTION_TEXT.wrongConfirmation,
    hint: 'The words are checked again by the server.',
  };
}
