import { CLIENT_TYPES, FLEET_LENS_ACCESS, MESSAGE_CLASSES } from '@console/contracts';
import {
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { type FormEvent, useMemo, useState } from 'react';
import { RoleGate } from '../../shared/ui/RoleGate.tsx';
import { ExpressionError } from './ExpressionError.tsx';
import { expressionOf, type FleetShortcuts, LOOKBACKS } from './expression.ts';
import { FleetResults } from './FleetResults.tsx';
import { useFleetQuery } from './use-fleet-query.ts';

const route = getRouteApi('/_auth/supportPlus/fleet');
/** The live monitor's filters picked from a fixed list, as shortcuts. */
const CHOICES = [
  { key: 'clientTypes', label: 'Client types', data: [...CLIENT_TYPES] },
  { key: 'classes', label: 'Classes', data: [...MESSAGE_CLASSES] },
] as const;
const EXAMPLE = "msg.class == 'feature' && msg.operation == 'event' && msg.items.exists(i, has(i.error))";

/**
 * `/supportPlus/fleet`: one expression over every hub's messages, evaluated by the fan-out where
 * the messages are. The live monitor's filters are shortcuts that write the expression; the
 * running query is in the address (expression, look-back), so it can be shared and reloaded.
 */
export function FleetScreen() {
  return (
    <RoleGate access={FLEET_LENS_ACCESS} title="Fleet lens">
      <FleetLens />
    </RoleGate>
  );
}

function FleetLens() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const [draft, setDraft] = useState(search.expression ?? EXAMPLE);
  const [lookback, setLookback] = useState(String(search.lookback ?? 0));
  const [shortcuts, setShortcuts] = useState<FleetShortcuts>({});
  const query = useMemo(
    () =>
      search.expression ? { expression: search.expression, lookbackMinutes: search.lookback ?? 0 } : null,
    [search.expression, search.lookback],
  );
  const view = useFleetQuery(query);

  const shortcut = (change: FleetShortcuts) => {
    const next = { ...shortcuts, ...change };
    setShortcuts(next);
    setDraft(expressionOf(next));
  };
  const run = (e: FormEvent) => {
    e.preventDefault();
    const minutes = Number(lookback);
    void navigate({ search: { expression: draft.trim(), ...(minutes > 0 ? { lookback: minutes } : {}) } });
  };
  const stop = () => void navigate({ search: {} });
  // Picking the chosen option again keeps it (a look-back is always set, none is "from now").
  const pickLookback = (v: string | null) => setLookback(v ?? lookback);

  return (
    <Stack gap="md">
      <Title order={1}>Fleet lens</Title>
      <Text size="sm" c="dimmed" maw={900}>
        Which hubs send what, right now: one expression over every hub’s messages, evaluated on the server as
        they pass. Counts are exact; a sample of the matching messages is shown.
      </Text>
      <Paper withBorder p="md" component="form" onSubmit={run} aria-label="Fleet query">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            {CHOICES.map(({ key, label, data }) => (
              <MultiSelect
                key={key}
                label={label}
                description="Shortcut: writes the expression"
                placeholder="All"
                data={data}
                value={shortcuts[key] ?? []}
                onChange={(v) => shortcut({ [key]: v })}
                searchable
                clearable
              />
            ))}
            <TagsInput
              label="Operations"
              description="Shortcut: type one and press Enter"
              placeholder="All"
              value={shortcuts.operations ?? []}
              onChange={(v) => shortcut({ operations: v })}
              clearable
            />
          </SimpleGrid>
          <Textarea
            label="Expression"
            description="CEL over msg: class, operation, direction, clientType, hubId, at, items (itemId, payload, success, error)"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={2000}
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Group align="end" gap="sm">
            <Select
              label="Look back"
              data={[...LOOKBACKS]}
              value={lookback}
              onChange={pickLookback}
              w={220}
            />
            <Button type="submit">Run query</Button>
            <Button variant="default" onClick={stop} disabled={!query}>
              Stop
            </Button>
          </Group>
        </Stack>
      </Paper>
      {view.error && <ExpressionError error={view.error} expression={search.expression ?? ''} />}
      {query && view.status !== 'refused' && <FleetResults view={view} />}
    </Stack>
  );
}
