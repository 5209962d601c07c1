import { type Gen1Account, SEARCH_TEXT, WFL_ONLINE_POLL_MS, type WflView } from '@console/contracts';
import { Alert, Badge, Button, Group, Paper, ScrollArea, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { errorMessage } from '../../../shared/api/client.ts';
import { bound } from '../../../shared/ui/bound.ts';
import { TableHead } from '../../../shared/ui/ColumnTable.tsx';
import { formatDay, formatStamp } from '../../../shared/ui/dates.ts';
import { noteKeys } from '../../notes/queries.ts';
import { accountEdits } from '../api.ts';
import { gen1Keys } from '../queries.ts';
import { pingsQueryOptions } from '../wfl-commands/queries.ts';
import { shownMac } from '../wfl-display.ts';
import { EditActions } from './EditActions.tsx';
import { WflDetails } from './WflDetails.tsx';

const HEADERS = ['WFL id', 'Name', 'MAC', 'Firmware', 'Updated', 'Ping time', 'Actions'];

/** The account's WFLs (core spec §2): id, editable name and MAC, updated, ping time, All Details. */
export function WflList({ account }: { account: Gen1Account }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-label="WFLs">
      <Title order={3} mb="sm">
        WFLs
      </Title>
      {account.wfls.length === 0 ? (
        <Text c="dimmed">{SEARCH_TEXT.noWfl}</Text>
      ) : (
        <ScrollArea>
          <Table aria-label="WFL list" miw={900} verticalSpacing="xs">
            <TableHead headers={HEADERS} />
            <Table.Tbody>
              {account.wfls.map((wfl) => (
                <Fragment key={wfl.wfl_id}>
                  <WflRow
                    wfl={wfl}
                    userId={account.user.user_id}
                    detailsOpen={open === wfl.wfl_id}
                    onToggleDetails={() => setOpen((o) => (o === wfl.wfl_id ? null : wfl.wfl_id))}
                  />
                  {open === wfl.wfl_id && (
                    <Table.Tr>
                      <Table.Td colSpan={HEADERS.length}>
                        <WflDetails account={account} wfl={wfl} onClose={() => setOpen(null)} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}

interface WflRowProps {
  wfl: WflView;
  userId: number;
  detailsOpen: boolean;
  onToggleDetails: () => void;
}

function WflRow({ wfl, userId, detailsOpen, onToggleDetails }: WflRowProps) {
  // Online is re-checked every 20 s while the account is open (the account itself is not re-read).
  const pings = useQuery({ ...pingsQueryOptions(wfl.mac), refetchInterval: WFL_ONLINE_POLL_MS });
  const online = pings.data?.online ?? wfl.online;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(wfl.name);
  const [mac, setMac] = useState(shownMac(wfl));
  const key = gen1Keys.account(userId);

  const update = useMutation({
    mutationFn: () =>
      accountEdits.wfl(wfl.wfl_id, {
        new: { name: name.trim(), mac: mac.trim() },
        old: { name: wfl.name, mac: wfl.mac, updated: wfl.updated },
      }),
    onSuccess: (r) => {
      setEditing(false);
      const next = r.wfl;
      if (next) {
        queryClient.setQueryData<Gen1Account>(key, (a) =>
          a ? { ...a, wfls: a.wfls.map((w) => (w.wfl_id === next.wfl_id ? next : w)) } : a,
        );
      }
      void queryClient.invalidateQueries({ queryKey: noteKeys.notes(String(userId)) });
      void queryClient.invalidateQueries({ queryKey: gen1Keys.searches });
      notifications.show({ color: 'green', message: r.message });
    },
  });
  const remove = useMutation({
    mutationFn: () => accountEdits.deleteWfl(wfl.wfl_id, { old: { mac: wfl.mac, updated: wfl.updated } }),
    onSuccess: (r) => {
      notifications.show({ color: 'green', message: r.message });
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: noteKeys.notes(String(userId)) });
      void queryClient.invalidateQueries({ queryKey: gen1Keys.searches });
    },
  });

  const startEdit = () => {
    update.reset();
    setName(wfl.name);
    setMac(shownMac(wfl));
    setEditing(true);
  };
  const failure = update.error ?? remove.error;

  return (
    <Table.Tr aria-label={`WFL ${wfl.wfl_id}`}>
      <Table.Td>{wfl.wfl_id}</Table.Td>
      <Table.Td>
        {editing ? <TextInput size="xs" label="WFL name" {...bound(name, setName)} /> : wfl.name}
      </Table.Td>
      <Table.Td>
        {editing ? (
          <TextInput size="xs" label="MAC" value={mac} onChange={(e) => setMac(e.currentTarget.value)} />
        ) : (
          <Text size="sm" ff="monospace" title={wfl.mac}>
            {shownMac(wfl)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{wfl.firmware ?? ''}</Table.Td>
      <Table.Td>{formatDay(wfl.updated)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge size="xs" color={online ? 'green' : 'gray'} aria-label="Online status">
            {online ? 'online' : 'offline'}
          </Badge>
          <Text size="xs">{formatStamp(wfl.pingtime)}</Text>
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant={detailsOpen ? 'filled' : 'light'} onClick={onToggleDetails}>
            All Details
          </Button>
          <EditActions
            editing={editing}
            saving={update.isPending}
            size="compact-xs"
            onEdit={startEdit}
            onSave={() => update.mutate()}
            onCancel={() => setEditing(false)}
            deleteTitle={`Delete WFL ${wfl.wfl_id}?`}
            deleteText={
              <>
                {wfl.name} ({shownMac(wfl)}) is deleted with its rooms, devices, timers and heating plans.
              </>
            }
            deleting={remove.isPending}
            onDelete={() => remove.mutateAsync()}
          />
        </Group>
        {failure && (
          <Alert color="red" mt={4} p={6} role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
