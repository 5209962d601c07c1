import type { LiveEvent } from '@console/contracts';
import { Badge, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useMaybeCurrentUser } from '../../features/auth/use-current-user.ts';
import { formatClock } from '../ui/dates.ts';
import { JsonViewer } from '../ui/JsonViewer.tsx';
import { describe } from './counters.ts';
import { type Change, kindOf, structuralDiff } from './diff.ts';
import { ignoredFor, useDiffStore } from './diff-store.ts';

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** The changed keys of an entry against another, with the signed-in user's ignored keys left out. */
export function useChanges(event: LiveEvent, other: LiveEvent | null): Change[] | null {
  const userId = useMaybeCurrentUser()?.id ?? 'anyone';
  const ignored = useDiffStore((s) => ignoredFor(s, userId, kindOf(event)));
  return useMemo(
    () => (other ? structuralDiff(other.data, event.data, new Set(ignored)) : null),
    [event, other, ignored],
  );
}

/** Chips on a stream row: the keys that changed since the previous entry of its kind. */
export function ChangeChips({ changes }: { changes: Change[] | null }) {
  if (!changes || changes.length === 0) return null;
  const shown = changes.slice(0, 3);
  return (
    <Group gap={4} wrap="nowrap" aria-label="Changed keys">
      {shown.map((c) => (
        <Badge key={c.path} size="xs" variant="outline" color="orange" tt="none">
          {c.path.split('.').at(-1)}
        </Badge>
      ))}
      {changes.length > shown.length && (
        <Badge size="xs" variant="outline" color="gray">
          +{changes.length - shown.length}
        </Badge>
      )}
    </Group>
  );
}

/**
 * An entry compared with the previous one of its class.operation, or with the entry picked
 * (any hub's): the changed keys (each can be ignored for this class.operation, kept per user in
 * this browser) and both messages side by side.
 */
export function DiffView({ event, previous }: { event: LiveEvent; previous: LiveEvent | null }) {
  const userId = useMaybeCurrentUser()?.id ?? 'anyone';
  const picked = useDiffStore((s) => s.picked);
  const pick = useDiffStore((s) => s.pick);
  const toggleIgnored = useDiffStore((s) => s.toggleIgnored);
  const kind = kindOf(event);
  const ignored = useDiffStore((s) => ignoredFor(s, userId, kind));
  const other = picked && picked !== event ? picked : previous;
  const changes = useChanges(event, other);
  const isPicked = picked === event;
  return (
    <Stack gap={6} mt={4} aria-label="Compare">
      <Group gap="xs">
        <Button size="compact-xs" variant="light" onClick={() => pick(isPicked ? null : event)}>
          {isPicked ? 'Unpick' : 'Pick to compare'}
        </Button>
        {picked && !isPicked && (
          <Button size="compact-xs" variant="subtle" onClick={() => pick(null)}>
            Compare with the previous {kind ?? 'entry'} instead
          </Button>
        )}
      </Group>
      {!other ? (
        <Text size="xs" c="dimmed">
          No earlier {kind ?? 'entry'} in the stream to compare with.
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed">
            Against {other === picked ? 'the picked entry' : `the previous ${kind}`}: {describe(other)} at{' '}
            {formatClock(other.at)} (#{other.offset}) · {changes?.length ?? 0} changed key(s)
          </Text>
          {changes && changes.length > 0 && (
            <Table withTableBorder fz="xs" aria-label="Changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {changes.map((c) => (
                  <Table.Tr key={c.path}>
                    <Table.Td ff="monospace">{c.path}</Table.Td>
                    <Table.Td ff="monospace">{show(c.before)}</Table.Td>
                    <Table.Td ff="monospace">{show(c.after)}</Table.Td>
                    <Table.Td>
                      {kind && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => toggleIgnored(userId, kind, c.path)}
                        >
                          Ignore
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {kind && ignored.length > 0 && (
            <Group gap={4} aria-label="Ignored keys">
              <Text size="xs" c="dimmed">
                Ignored for {kind}:
              </Text>
              {ignored.map((p) => (
                <Badge
                  key={p}
                  size="xs"
                  variant="light"
                  color="gray"
                  tt="none"
                  style={{ cursor: 'pointer' }}
                  onClick={() => toggleIgnored(userId, kind, p)}
                  title="Click to compare this key again"
                >
                  {p} ×
                </Badge>
              ))}
            </Group>
          )}
          <SimpleGrid cols={2} spacing="xs">
            <JsonViewer value={other.data} label="Before" wrap />
            <JsonViewer value={event.data} label="After" wrap />
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
