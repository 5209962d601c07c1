import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { formatStamp } from '../../shared/ui/dates.ts';
import { JsonViewer } from '../../shared/ui/JsonViewer.tsx';
import { TextBox } from '../../shared/ui/TextBox.tsx';
import { introspectToken } from './api.ts';
import { expiryInWords } from './expiry-words.ts';

const SIGNATURE_COLOUR = {
  valid: 'green',
  invalid: 'red',
  'unknown key': 'gray',
  unsigned: 'orange',
} as const;

/** /authTokenIntrospect (authData, dev): decode a pasted token on our own server, nowhere else. */
export function TokenIntrospectScreen() {
  const [token, setToken] = useState('');
  const decode = useMutation({ mutationFn: introspectToken });
  const seen = decode.data;
  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>Token Introspect</Title>
      <Text size="sm" c="dimmed">
        The token is decoded by this console's own server and sent nowhere else.
      </Text>
      <TextBox label="Token" grow={[3, 8]} state={[token, setToken]} autoComplete="off" spellCheck={false} />
      <Group>
        <Button onClick={() => decode.mutate(token.trim())} loading={decode.isPending}>
          Decode
        </Button>
      </Group>
      {decode.isError ? <Alert color="red">{errorMessage(decode.error)}</Alert> : null}
      {seen ? (
        <Stack gap="sm">
          <Group gap="sm">
            <Badge color={SIGNATURE_COLOUR[seen.signature]} aria-label="Signature">
              Signature: {seen.signature}
            </Badge>
            <Badge color={seen.stored === 'active' ? 'green' : 'gray'} aria-label="Stored">
              Stored: {seen.stored}
            </Badge>
          </Group>
          <Text aria-label="Expiry">
            {expiryInWords(seen.expiresAt, Date.now())}
            {seen.expiresAt ? ` (${formatStamp(seen.expiresAt)})` : ''}
            {seen.issuedAt ? `; issued ${formatStamp(seen.issuedAt)}` : ''}
          </Text>
          <JsonViewer label="Header" value={seen.header} />
          <JsonViewer label="Claims" value={seen.claims} />
        </Stack>
      ) : null}
    </Stack>
  );
}
