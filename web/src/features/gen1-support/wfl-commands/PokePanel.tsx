import { type Gen1CommandResult, WFL_COMMAND_REFERENCE } from '@console/contracts';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../shared/api/client.ts';
import { bound } from '../../../shared/ui/bound.ts';
import { type Column, ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { useWatchedAction } from '../../waterfall/use-watched-action.ts';
import { Waterfall } from '../../waterfall/Waterfall.tsx';
import { sendAsUser, wflKeys } from './queries.ts';
import { WflPanel } from './WflPanel.tsx';
import { pokeError } from './wfl-commands.ts';

const REFERENCE_COLUMNS: Column<(typeof WFL_COMMAND_REFERENCE)[number]>[] = [
  { header: 'Command string', cell: (r) => r.command, td: () => ({ style: { fontFamily: 'monospace' } }) },
  { header: 'What it does', cell: (r) => r.meaning },
];

interface Sent {
  command: string;
  address: string;
}

/** How the send ended, in the lifecycle's words: sent, replied, failed or timed out (outcome unknown). */
function Outcome({ result, error }: { result?: Gen1CommandResult; error: unknown }) {
  if (result)
    return (
      <Alert color={result.ok ? 'green' : 'red'} title={result.ok ? 'Replied' : 'Failed'}>
        {result.message} Command {result.commandId}, {result.latencyMs} ms.
      </Alert>
    );
  if (!error) return null;
  const message = error instanceof Error ? error.message : 'Unknown error';
  if (isApiError(error, 504))
    return (
      <Alert color="yellow" title="Timed out — outcome unknown">
        {message}
      </Alert>
    );
  if (isApiError(error, 409))
    return (
      <Alert color="orange" title="Not sent">
        {message}
      </Alert>
    );
  return (
    <Alert color="red" title={isApiError(error, 400) || isApiError(error, 404) ? 'Refused' : 'Failed'}>
      {message}
    </Alert>
  );
}

/** Poke form (seed 000 §2): a command string and a WiFiLink address, SEND, and the reference table. */
export function PokePanel({ userId, mac }: { userId: number; mac: string }) {
  const client = useQueryClient();
  const [command, setCommand] = useState('');
  const [address, setAddress] = useState(mac);
  const [invalid, setInvalid] = useState<string | null>(null);
  // The command waterfall of the last poke: accepted, sent, the link's reply, the audit record.
  const { watching, sending } = useWatchedAction();
  const send = useMutation({
    mutationFn: (s: Sent) => sendAsUser(userId, s.address, s.command, sending()),
    onSettled: (_r, _e, s) => void client.invalidateQueries({ queryKey: wflKeys.all(s.address) }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = pokeError(command) ?? (address.trim() ? null : 'Enter the WiFiLink address.');
    setInvalid(problem);
    if (problem) return;
    send.mutate({ command: command.trim(), address: address.trim() });
  };

  return (
    <WflPanel title="Poke">
      <form onSubmit={submit}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Command string"
            placeholder="!R1D2FdP16"
            {...bound(command, setCommand)}
            error={invalid && command.trim() ? invalid : undefined}
            style={{ flex: 2 }}
            autoComplete="off"
          />
          <TextInput
            label="WiFiLink address"
            {...bound(address, setAddress)}
            style={{ flex: 1 }}
            autoComplete="off"
          />
          <Button type="submit" loading={send.isPending}>
            SEND
          </Button>
        </Group>
      </form>
      {invalid && !command.trim() && (
        <Text size="sm" c="red">
          {invalid}
        </Text>
      )}
      {send.isPending && (
        <Alert color="blue" title="Sent">
          Waiting for the link’s reply…
        </Alert>
      )}
      {!send.isPending && <Outcome result={send.data} error={send.error} />}
      {watching && <Waterfall key={watching} correlationId={watching} />}
      <ColumnTable
        label="Command strings"
        withTableBorder
        rows={WFL_COMMAND_REFERENCE}
        columns={REFERENCE_COLUMNS}
        rowKey={(r) => r.command}
      />
    </WflPanel>
  );
}
