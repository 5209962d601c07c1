import type { StructureDetail } from '@console/contracts';
import { Badge, Button, Group, Modal, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../api/client.ts';
import { JsonViewer } from '../../../ui/JsonViewer.tsx';
import { RowButton } from '../../../ui/RowButton.tsx';
import { TypedConfirmModal } from '../../../ui/TypedConfirmModal.tsx';
import { useWatchedAction } from '../../../waterfall/use-watched-action.ts';
import { Waterfall } from '../../../waterfall/Waterfall.tsx';
import { runHubAction } from '../../hub/hub-queries.ts';
import { accessor, custom, stamp, text } from './columns.tsx';
import { PagedTable } from './PagedTable.tsx';
import type { Row } from './tab-pages.ts';

const RESTORE_WORDS = 'restore link';
const count = (key: string, header: string) => text(`summary.${key}`, header);

/**
 * Backups (seed 001 §2): the structure's links, 'Show Hub Record', 'Backup Now'; a table of
 * backups, 10 a page with 'Get More', each restorable (typed 'restore link') and keepable.
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
    mutationFn: ({ path, body }: { path: string; body: Record<string, unknown> }) =>
      runHubAction(path, body, sending()),
    onSuccess: (r) => {
      notifications.show({
        color: r.success ? 'teal' : 'red',
        message: `${r.action}: ${r.success ? 'done' : 'failed'}`,
      });
      void client.invalidateQueries({
        queryKey: ['support-plus', 'tab', '/api/supportPlus/socket/listBackups'],
      });
    },
    onError: (e) => notifications.show({ color: 'red', message: `failed: ${errorMessage(e)}` }),
  });
  const [keeping, setKeeping] = useState<Row | null>(null);
  const columns = [
    stamp('createdDate', 'Created'),
    text('reason', 'Reason'),
    count('products', 'Products'),
    count('features', 'Features'),
    count('automations', 'Automations'),
    count('rooms', 'Rooms'),
    count('featureSets', 'Feature sets'),
    count('automationSets', 'Automation sets'),
    custom({
      id: 'restore',
      header: 'Restore',
      cell: (c) => (
        <RowButton color="orange" onClick={() => setRestoring(c.row.original)}>
          Restore
        </RowButton>
      ),
    }),
    accessor((r) => Number(r.restores ?? 0), { id: 'restores', header: 'Restores' }),
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
          onClick={() => action.mutate({ path: 'backup', body: { linkId: Number(link) } })}
        >
          Backup Now
        </Button>
      </Group>
      {showRecord && hub && <JsonViewer value={hub} label="Hub record" maxHeight={300} />}
      {watching && <Waterfall key={watching} correlationId={watching} />}
      <PagedTable
        label="Backups"
        path="/api/supportPlus/socket/listBackups"
        body={{ rootGroupId: detail.structure.rootGroupId, linkId: Number(link) }}
        columns={columns}
        details="Backup"
      />
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
              action.mutate({
                path: 'updateBackup',
                body: { backupId: r.backupId, deviceId: r.deviceId, keep: true, linkId: r.linkId },
              });
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
          action.mutate({
            path: 'backupRestore',
            body: { backupId: r.backupId, deviceId: r.deviceId, linkId: r.linkId, confirmation: typed },
          });
        }}
      >
        <Text size="sm">The link's structure is replaced by the backup's.</Text>
      </TypedConfirmModal>
    </Stack>
  );
}
