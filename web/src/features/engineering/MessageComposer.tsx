import { ENGINEERING, type HubMessage } from '@console/contracts';
import { Alert, Button, Group } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { TextBox } from '../../shared/ui/TextBox.tsx';
import { StoredListPanel } from './StoredListPanel.tsx';
import { useStoredList } from './stored-list.ts';
import { parseSendBox } from './templates.ts';

/**
 * The state of a page's send form: the message box, its error, and the page's Previously sent and
 * Users lists (kept per page under `engineering.<page>.*`). `submit` parses the box, hands the
 * message to the page and records it as sent, or shows why not.
 */
export function useComposer(page: string, keep: number = ENGINEERING.previousSent) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sent = useStoredList(`engineering.${page}.sent`, keep);
  const users = useStoredList(`engineering.${page}.users`, ENGINEERING.replyList);
  const submit = (run: (message: HubMessage) => void) => {
    const parsed = parseSendBox(text);
    if ('error' in parsed) return setError(parsed.error);
    setError(null);
    run(parsed.message);
    setError(sent.add(text));
  };
  return { text, setText, error, setError, sent, users, submit };
}

export type Composer = ReturnType<typeof useComposer>;

/**
 * The send form of the Link2 and Link Direct pages: the message box, the page's buttons, Add Users
 * List, the error area, and the Previously sent and Users list stores (click to reuse).
 */
export function MessageComposer({
  composer,
  actions,
  aside,
}: {
  composer: Composer;
  actions: ReactNode;
  aside?: ReactNode;
}) {
  const { text, setText: onText, error, setError: onError, sent, users } = composer;
  return (
    <>
      <TextBox label="Message" grow={[5, 14]} ff="monospace" state={[text, onText]} />
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
