import { THIRD_PARTY_ACCESS } from '@console/contracts';
import { Alert, Button, Group, PasswordInput, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { bound } from '../../shared/ui/bound.ts';
import { ColumnTable } from '../../shared/ui/ColumnTable.tsx';
import { RoleGate } from '../../shared/ui/RoleGate.tsx';
import {
  type Discovery,
  KINDS,
  type LinkItem,
  type LinkKind,
  type LinkStructure,
  nothingToAssign,
} from './kinds.ts';
import { LinkError, linkRequest } from './link-api.ts';

/** Chosen place of an item: a structure and one of its groups, as `${rootGroupId} ${groupId}`. */
type Choices = Record<string, string | null>;

const message = (e: unknown) => (e instanceof LinkError ? e.message : 'Error');

/** The page of /philipshue or /sonos: the screen behind the third-party access gate. */
export function ThirdPartyPage({ kind, nonce }: { kind: LinkKind; nonce: string | undefined }) {
  return (
    <RoleGate access={THIRD_PARTY_ACCESS} title={KINDS[kind].title}>
      <ThirdPartyScreen kind={kind} nonce={nonce} />
    </RoleGate>
  );
}

/**
 * /philipshue?nonce and /sonos?nonce (seed 000 §2): sign in as the customer at the link service,
 * discover their structures and third-party items, and assign items to groups of a structure.
 */
export function ThirdPartyScreen({ kind, nonce }: { kind: LinkKind; nonce: string | undefined }) {
  const k = KINDS[kind];
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [structures, setStructures] = useState<LinkStructure[]>([]);
  const [items, setItems] = useState<LinkItem[] | null>(null);
  const [choices, setChoices] = useState<Choices>({});
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const discover = async (bearer: string) => {
    const q = new URLSearchParams({ structures: 'true', ...(nonce ? { nonce } : {}) });
    const d = await linkRequest<Discovery>(`${k.discovery}?${q}`, { token: bearer });
    setStructures(d.structures ?? []);
    setItems(k.items(d));
    setChoices({});
  };
  const run = async (step: () => Promise<void>) => {
    setError(null);
    setNotice(null);
    try {
      await step();
    } catch (e) {
      setError(message(e));
    }
  };

  const login = () =>
    run(async () => {
      if (!username.trim() || !password) throw new LinkError('username & pw required for this method');
      const r = await linkRequest<{ tokens?: { access_token?: string } }>('/v2/lwapps/autouserlogin/lwapps', {
        body: { email: username.trim(), password, version: '1.0' },
      });
      const t = r.tokens?.access_token;
      if (!t) throw new LinkError('error after success');
      setToken(t);
      await discover(t);
    });

  const assign = () =>
    run(async () => {
      if (!token || !items) throw new LinkError('Error');
      const allocation = items.flatMap((item) => {
        const chosen = choices[item.key];
        if (item.assigned || !chosen) return [];
        const [rootGroupId, groupId] = chosen.split(' ') as [string, string];
        return [item.allocate({ rootGroupId, parentGroupIds: [groupId] })];
      });
      if (allocation.length === 0) throw new LinkError(nothingToAssign(items));
      const r = await linkRequest<{ assigned: number }>(k.assign, { token, body: { allocation } });
      await discover(token);
      setNotice(`Assigned ${r.assigned}.`);
    });

  const places = structures.flatMap((s) =>
    s.groups.map((g) => ({ value: `${s.rootGroupId} ${g.groupId}`, label: `${s.name} › ${g.name}` })),
  );
  const placeName = (a: LinkItem['assigned']) => {
    if (!a) return '';
    const s = structures.find((x) => x.rootGroupId === a.rootGroupId);
    const g = s?.groups.find((x) => a.parentGroupIds.includes(x.groupId));
    return `${s?.name ?? a.rootGroupId} › ${g?.name ?? a.parentGroupIds.join(', ')}`;
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={1}>{k.title}</Title>
      {nonce && (
        <Text size="sm" c="dimmed">
          Link request {nonce}
        </Text>
      )}
      <Group align="flex-end">
        <TextInput label="Username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
        <PasswordInput label="Password" {...bound(password, setPassword)} />
        <Button onClick={login}>Login</Button>
        {token && (
          <Button variant="default" onClick={() => run(() => discover(token))}>
            Discover
          </Button>
        )}
      </Group>
      {error && (
        <Alert color="red" title="Error" role="alert">
          {error}
        </Alert>
      )}
      {notice && <Alert color="teal">{notice}</Alert>}
      {items && (
        <>
          <ColumnTable
            label={`${k.title} items`}
            withTableBorder
            rows={items}
            rowKey={(item) => item.key}
            columns={[
              { header: 'Name', cell: (item) => item.name },
              {
                header: 'Id',
                cell: (item) => (
                  <>
                    {item.key}{' '}
                    <Text span size="xs" c="dimmed">
                      ({item.detail})
                    </Text>
                  </>
                ),
              },
              {
                header: 'Assigned to',
                cell: (item) =>
                  item.assigned ? (
                    placeName(item.assigned)
                  ) : (
                    <Select
                      aria-label={`Group for ${item.name} ${item.key}`}
                      placeholder="Choose a group"
                      data={places}
                      value={choices[item.key] ?? null}
                      onChange={(v) => setChoices({ ...choices, [item.key]: v })}
                      clearable
                    />
                  ),
              },
            ]}
          />
          <Group>
            <Button onClick={assign}>Assign</Button>
            <Text size="sm" c="dimmed">
              {structures.length} structures, {items.filter((i) => i.assigned).length} of {items.length}{' '}
              assigned
            </Text>
          </Group>
        </>
      )}
    </Stack>
  );
}
