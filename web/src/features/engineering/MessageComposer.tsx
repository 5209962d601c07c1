import { Alert, Button, Group, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { bound } from '../ui/bound.ts';
import { StoredListPanel } from './StoredListPanel.tsx';
import type { useStoredList } from './stored-list.ts';

type StoredList = ReturnType<typeof useStoredList>;

/**
 * The send form of the Link2 and Link Direct pages: the message box, the page's buttons, Add Users
 * List, the error area, and the Previously sent and Users list stores (click to reuse).
 */
export function MessageComposer({
  text,
  onText,
  error,
  onError,
  sent,
  users,
  actions,
  aside,
}: {
  text: string;
  onText: (text: string) => void;
  error: string | null;
  onError: (error: string | null) => void;
  sent: StoredList;
  users: StoredList;
  actions: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <>
      <Textarea label="Message" autosize minRows={5} maxRows={14} ff="monospace" {...bound(text, onText)} />
      <Group gap="xs" mt="xs">
        {actions}
        <Button variant="default" onClick={() => onError(users.add(text))}>
          Add Users List
        </Button>
      </Group>
      {error && (
        <Alert color="red" mt="xs">
          {error}
        </Alert>
      )}
      <Group align="start" grow mt="xs">
        <StoredListPanel title="Previously sent" list={sent} onUse={onText} />
        <StoredListPanel title="Users list" list={users} onUse={onText} />
        {aside}
      </Group>
    </>
  );
}
