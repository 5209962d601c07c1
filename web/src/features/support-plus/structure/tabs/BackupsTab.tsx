import type { Backup, StructureDetail } from '@console/contracts';
import {
  Badge,
  Button,
  type ButtonProps,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call } from '../../../../shared/api/call.ts';
import { errorMessage } from '../../../../shared/api/client.ts';
import { DetailsModal } from '../../../../shared/ui/DetailsModal.tsx';
import { JsonViewer } from '../../../../shared/ui/JsonViewer.tsx';
import { RowButton } from '../../../../shared/ui/RowButton.tsx';
import { TypedConfirmModal } from '../../../../shared/ui/TypedConfirmModal.tsx';
import { useWatchedAction } from '../../../waterfall/use-watched-action.ts';
import { Waterfall } from '../../../waterfall/Waterfall.tsx';
import { type HubRun, hubRun, sendHubRun } from '../../hub/hub-queries.ts';
import { custom, stamp, text } from './columns.tsx';
import { onlyItem } from './hub-item.ts';
import { PagedTable } from './PagedTable.tsx';
import type { Row } from './tab-pages.ts';

const RESTORE_WORDS = 'restore link';
/** How many of the listed backups have their link's copy fetched at once (seed 001 §9). */
export const AUTO_LOADED_BACKUPS = 15;
/** How long a backup's details fetched from its link are kept (seed 001 §4). */
export const BACKUP_DETAILS_MS = 10 * 60_000;

/** Which backup a listed row is, as the backup actions name it. */
const backupOf = (r: Row) => ({
  backupId: String(r.backupId),
  deviceId: String(r.deviceId),
  ...(typeof r.linkId === 'number' ? { linkId: r.linkId } : {}),
});

/** One backup as its link holds it now (getBackup), kept 10 minutes. */
const linkCopy = (r: Row, enabled = true) =>
  queryOptions({
    queryKey: ['backup', String(r.backupId)],
    queryFn: async () =>
      onlyItem(
        await call('hub-control.getBackup', {
          body: {
            backupId: String(r.backupId),
            ...(typeof r.linkId === 'number' ? { linkId: r.linkId } : {}),
          },
        }),
      ).payload as Backup,
    staleTime: BACKUP_DETAILS_MS,
    gcTime: BACKUP_DETAILS_MS,
    retry: false,
    enabled,
  });

/** The link's copy of a listed backup: fetched at once for the first 15, on 'Load' for the others. */
function LinkCopy({ row, auto }: { row: Row; auto: boolean }) {
  const [asked, setAsked] = useState(auto);
  const q = useQuery(linkCopy(row, asked));
  if (!asked)
    return (
      <RowButton variant="subtle" onClick={() => setAsked(true)}>
        Load
      </RowButton>
    );
  if (q.isPending) return <Text size="xs">loading…</Text>;
  if (q.isError) return <Text size="xs" c="red">{`failed: ${errorMessage(q.error)}`}</Text>;
  return (
    <Text size="xs" c="teal">
      loaded
    </Text>
  );
}

/** A value of the link's copy once fetched, the stored record's until then. */
function FromLink({ row, pick }: { row: Row; pick: (b: Backup) => unknown }) {
  const q = useQuery(linkCopy(row, false));
  return <>{String(pick(q.data ?? (row as unknown as Backup)) ?? '')}</>;
}

/** A column of one button per row, named as its header, that hands the row to `onRow`. */
const buttonColumn = (name: string, onRow: (r: Row) => void, look: ButtonProps) =>
  custom({
    id: name.toLowerCase(),
    header: name,
    cell: (c) => (
      <RowButton {...look} onClick={() => onRow(c.row.original)}>
        {name}
      </RowButton>
    ),
  });

const count = (key: keyof Backup['summary'], header: string) =>
  custom({ id: key, header, cell: (c) => <FromLink row={c.row.original} pick={(b) => b.summary?.[key]} /> });

/**
 * Backups (seed 001 §2, §4, §9): the structure's links, 'Show Hub Record', 'Backup Now'; a table of
 * backups, 10 a page with 'Get More', each restorable (typed 'restore link') and keepable. The
 * first 15 listed have their link's copy fetched (getBackup) at once, the others on 'Load';
 * Details opens the link's copy; each copy is kept 10 minutes.
 */
export function BackupsTab({ detail }: { detail: StructureDetail }) {
  const hubs = detail.hubs;
  const [link, setLink] = useState(String(hubs[0]?.hubId ?? ''));
  const [showRecord, setShowRecord] = useState(false);
  const [restoring, setRestoring] = useState<Row | null>(null);
  const client = useQueryClient();
  const hub = hubs.find((h) => String(h.hubId) === link);
  // The command waterfall of the last backup, restore or keep run from this tab.
  const { watching, sending } = useWatchedAction();
  const action = useMutation({
    mutationFn: (run: HubRun) => sendHubRun(run, sending()),
    onSuccess: (r) => {
      notifications.show({
        color: r.success ? 'teal' : 'red',
        message: `${r.action}: ${r.success ? 'done' : 'failed'}`,
      });
      void client.invalidateQueries({
        queryKey: ['support-plus', 'tab', 'search.backups'],
      });
      void client.invalidateQueries({ queryKey: ['backup'] });
    },
    onError: (e) => notifications.show({ color: 'red', message: `failed: ${errorMessage(e)}` }),
  });
  const [keeping, setKeeping] = useState<Row | null>(null);
  const [open, setOpen] = useState<Row | null>(null);
  const details = useQuery(linkCopy(open ?? {}, open !== null));
  const columns = [
    stamp('createdDate', 'Created'),
    text('reason', 'Reason'),
    count('products', 'Products'),
    count('features', 'Features'),
    count('automations', 'Automations'),
    count('rooms', 'Rooms'),
    count('featureSets', 'Feature sets'),
    count('automationSets', 'Automation sets'),
    buttonColumn('Restore', setRestoring, { color: 'orange' }),
    custom({
      id: 'restores',
      header: 'Restores',
      cell: (c) => <FromLink row={c.row.original} pick={(b) => b.restores ?? 0} />,
    }),
    custom({
      id: 'linkCopy',
      header: "Link's copy",
      cell: (c) => <LinkCopy row={c.row.original} auto={c.row.index < AUTO_LOADED_BACKUPS} />,
    }),
    buttonColumn('Details', setOpen, { variant: 'subtle' }),
    custom({
      id: 'keep',
      header: 'Keep',
      cell: (c) =>
        c.row.original.keep ? (
          <Badge size="xs">Keeping</Badge>
        ) : (
          <RowButton variant="subtle" onClick={() => setKeeping(c.row.original)}>
            Keep
          </RowButton>
        ),
    }),
  ];
  if (hubs.length === 0) return <Text size="sm">This structure has no links.</Text>;
  return (
    <Stack gap="sm">
      <Group gap="md">
        <SegmentedControl
          aria-label="Links"
          value={link}
          onChange={setLink}
          data={hubs.map((h) => ({ value: String(h.hubId), label: `${h.hubId} (${h.hubIdHex})` }))}
        />
        <Switch
          label="Show Hub Record"
          checked={showRecord}
          onChange={(e) => setShowRecord(e.currentTarget.checked)}
        />
        <Button
          size="xs"
          loading={action.isPending}
          onClick={() => action.mutate(hubRun('hub-control.backup', { linkId: Number(link) }))}
        >
          Backup Now
        </Button>
      </Group>
      {showRecord && hub && <JsonViewer value={hub} label="Hub record" maxHeight={300} />}
      {watching && <Waterfall key={watching} correlationId={watching} />}
      <PagedTable
        label="Backups"
        operation="search.backups"
        body={{ rootGroupId: detail.structure.rootGroupId, linkId: Number(link) }}
        columns={columns}
      />
      <DetailsModal title="Backup" value={open ? (details.data ?? open) : null} onClose={() => setOpen(null)}>
        {details.isPending && <Text size="sm">Fetching the link's copy…</Text>}
        {details.isError && (
          <Text size="sm" c="red">{`failed: ${errorMessage(details.error)}; the stored record:`}</Text>
        )}
        {details.isSuccess && <Text size="sm">The link's copy (kept 10 minutes).</Text>}
      </DetailsModal>
      <Modal opened={keeping !== null} onClose={() => setKeeping(null)} title="Keep this backup?" centered>
        <Text size="sm">A kept backup is never removed.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setKeeping(null)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              const r = keeping as Row;
              setKeeping(null);
              action.mutate(hubRun('hub-control.updateBackup', { ...backupOf(r), keep: true }));
            }}
          >
            Keep
          </Button>
        </Group>
      </Modal>
      <TypedConfirmModal
        opened={restoring !== null}
        title="Restore this backup"
        words={RESTORE_WORDS}
        matches={(t) => t === RESTORE_WORDS}
        wrongText="Wrong Confirmation"
        hint={`Type '${RESTORE_WORDS}' to restore the link from this backup.`}
        onCancel={() => setRestoring(null)}
        onConfirm={(typed) => {
          const r = restoring as Row;
          setRestoring(null);
          action.mutate(hubRun('hub-control.backupRestore', { ...backupOf(r), confirmation: typed }));
        }}
      >
        <Text size="sm">The link's structure is replaced by the backup's.</Text>
      </TypedConfirmModal>
    </Stack>
  );
}
