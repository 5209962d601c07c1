import { Button, Group, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { bound } from '../../shared/ui/bound.ts';
import { addHost } from './queries.ts';

const KINDS = [
  { value: 'command', label: 'Command node' },
  { value: 'datamonitor', label: 'Data monitor node' },
];

/** The board's add-host form (core spec §7 POST /api/supervisord {host, name}); the server checks the name. */
export function AddHostForm({ onAdded }: { onAdded: () => void }) {
  const [name, setName] = useState('');
  const [host, setHost] = useState('');
  const [kind, setKind] = useState<'command' | 'datamonitor'>('command');
  const add = useMutation({
    mutationFn: () => addHost({ name: name.trim(), host: host.trim(), kind }),
    onSuccess: (h) => {
      notifications.show({ color: 'green', message: `${h.name} added: No heart beat until it sends one.` });
      setName('');
      setHost('');
      onAdded();
    },
    onError: (e) => notifications.show({ color: 'red', message: errorMessage(e) }),
  });
  return (
    <form
      aria-label="Add host"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <Group align="flex-end" gap="sm">
        <TextInput label="Host name" required {...bound(name, setName)} w={200} />
        <TextInput label="Host address" required {...bound(host, setHost)} w={240} />
        <Select
          label="Kind"
          data={KINDS}
          value={kind}
          onChange={(v) => setKind(v === 'datamonitor' ? 'datamonitor' : 'command')}
          allowDeselect={false}
          w={200}
        />
        <Button type="submit" loading={add.isPending} disabled={!name.trim() || !host.trim()}>
          Add host
        </Button>
      </Group>
    </form>
  );
}
