import { HUB_ACTION_TEXT, type HubActionResult, type HubCard } from '@console/contracts';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../auth/use-current-user.ts';
import { serverChecked, TypedConfirmModal } from '../../ui/TypedConfirmModal.tsx';
import { type Said, saidColor, saidOfError } from '../../waterfall/outcome.ts';
import { Waterfall } from '../../waterfall/Waterfall.tsx';
import { newCorrelationId } from '../../waterfall/waterfall-queries.ts';
import { type CardAction, visibleActions } from './hub-actions.ts';
import { type HubRun, hubRun, sendHubRun } from './hub-queries.ts';
import { QueuedNotice } from './QueuedNotice.tsx';

interface Run {
  /** The command waterfall's correlation id of this run. */
  cid: string;
  label: string;
  run: HubRun;
  queued?: boolean;
}

/** The hub card's action buttons, their typed confirmations and the notices that follow. */
export function HubCardActions({
  card,
  onDone,
  onReload,
}: {
  card: HubCard;
  onDone: () => void;
  onReload: () => void;
}) {
  const [asking, setAsking] = useState<CardAction | null>(null);
  const [restoring, setRestoring] = useState(false);
  const [queued, setQueued] = useState<string | null>(null);
  const [lastBackup, setLastBackup] = useState<{ backupId: string; deviceId: string } | null>(null);
  const me = useCurrentUser();
  const [failure, setFailure] = useState<Said | null>(null);
  const [watching, setWatching] = useState<string | null>(null);

  const run = useMutation({
    mutationFn: (r: Run) => sendHubRun(r.run, r.cid),
    onMutate: (r) => {
      setFailure(null);
      setWatching(r.cid);
    },
    onSuccess: (result: HubActionResult, r) => {
      if (!result.success) {
        setFailure({ ok: false, text: result.items.find((i) => i.error)?.error?.message ?? '' });
      } else {
        if (r.queued) setQueued(r.label);
        if (r.run.id === 'hub-control.backup') {
          const p = result.items[0]?.payload as { backupId?: string; deviceId?: string } | undefined;
          if (p?.backupId && p.deviceId) setLastBackup({ backupId: p.backupId, deviceId: p.deviceId });
        }
      }
      onDone();
    },
    onError: (error) => setFailure(saidOfError(error, me.name)),
  });

  const start = (a: CardAction, confirmation?: string) => {
    const { id, body } = a.run(card.hubId);
    run.mutate({
      cid: newCorrelationId(),
      label: a.label,
      run: { id, body: { ...body, ...(confirmation ? { confirmation } : {}) } },
      queued: a.queued,
    });
  };

  return (
    <Stack gap="xs">
      <Group gap="xs">
        {visibleActions(card).map((a) => (
          <Button
            key={a.label}
            size="xs"
            variant="light"
            color={a.color}
            loading={run.isPending && run.variables?.label === a.label}
            onClick={() => (a.confirm || a.ask ? setAsking(a) : start(a))}
          >
            {a.label}
          </Button>
        ))}
        {lastBackup && (
          <Button size="xs" variant="light" color="orange" onClick={() => setRestoring(true)}>
            Restore this backup
          </Button>
        )}
      </Group>
      {failure?.cancelled && (
        <Alert color={saidColor(failure)} role="status">
          <Text size="sm">{failure.text}</Text>
        </Alert>
      )}
      {failure && !failure.cancelled && (
        <Alert color="red" title={HUB_ACTION_TEXT.operationFailed} role="alert">
          {failure.text && <Text size="sm">{failure.text}</Text>}
        </Alert>
      )}
      {watching && <Waterfall key={watching} correlationId={watching} />}
      {queued && (
        <QueuedNotice
          key={queued}
          action={queued}
          onReload={() => {
            setQueued(null);
            onReload();
          }}
        />
      )}
      {asking?.ask && !asking.confirm && (
        <Modal opened onClose={() => setAsking(null)} title={`${asking.label} link ${card.hubId}?`} centered>
          <Stack gap="md">
            <Text size="sm">{asking.ask}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button
                color="orange"
                onClick={() => {
                  start(asking);
                  setAsking(null);
                }}
              >
                {asking.label}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {asking?.confirm && (
        <TypedConfirmModal
          opened
          title={`${asking.label} ${card.hubId}`}
          words={asking.confirm.words}
          {...serverChecked(asking.confirm.operationId)}
          onCancel={() => setAsking(null)}
          onConfirm={(typed) => {
            start(asking, typed);
            setAsking(null);
          }}
        />
      )}
      {lastBackup && (
        <TypedConfirmModal
          opened={restoring}
          title={`Restore backup ${lastBackup.backupId}`}
          words="restore link"
          {...serverChecked('hub-control.backupRestore')}
          onCancel={() => setRestoring(false)}
          onConfirm={(confirmation) => {
            setRestoring(false);
            run.mutate({
              cid: newCorrelationId(),
              label: 'Backup-restore',
              run: hubRun('hub-control.backupRestore', { ...lastBackup, linkId: card.hubId, confirmation }),
            });
          }}
        />
      )}
    </Stack>
  );
}
