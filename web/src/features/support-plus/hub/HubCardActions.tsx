import { HUB_ACTION_TEXT, type HubActionResult, type HubCard } from '@console/contracts';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { serverChecked, TypedConfirmModal } from '../../../shared/ui/TypedConfirmModal.tsx';
import { useCurrentUser } from '../../auth/use-current-user.ts';
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
  // The two dialogs stay mounted, closed, before and after their question (showing the last action
  // asked about while they close): a dialog that opens and closes gives the focus back to the
  // button that opened it (issue 30: the keyboard's place), one mounted open does not.
  const lastAsked = useRef<CardAction | null>(null);
  if (asking?.ask && !asking.confirm) lastAsked.current = asking;
  const question = lastAsked.current ?? visibleActions(card).find((a) => a.ask && !a.confirm);
  const guarded = (asking?.confirm ? asking : undefined) ?? visibleActions(card).find((a) => a.confirm);
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
        {visibleActions(card).map((a) => {
          // While its action runs the button shows a spinner but stays focusable (a disabled
          // button would drop the keyboard's focus), and a second press does nothing.
          const running = run.isPending && run.variables?.label === a.label;
          return (
            <Button
              key={a.label}
              size="xs"
              variant="light"
              color={a.color}
              aria-busy={running}
              rightSection={running ? <Loader size={10} aria-hidden="true" /> : undefined}
              onClick={() => {
                if (!running) (a.confirm || a.ask ? setAsking : start)(a);
              }}
            >
              {a.label}
            </Button>
          );
        })}
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
      {question?.ask && (
        <Modal
          opened={asking !== null && asking === question}
          onClose={() => setAsking(null)}
          title={`${question.label} link ${card.hubId}?`}
          centered
        >
          <Stack gap="md">
            <Text size="sm">{question.ask}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button
                color="orange"
                onClick={() => {
                  if (asking) start(asking);
                  setAsking(null);
                }}
              >
                {question.label}
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {guarded?.confirm && (
        <TypedConfirmModal
          opened={asking !== null && asking === guarded}
          title={`${guarded.label} ${card.hubId}`}
          words={guarded.confirm.words}
          {...serverChecked(guarded.confirm.operationId)}
          onCancel={() => setAsking(null)}
          onConfirm={(typed) => {
            if (asking) start(asking, typed);
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
