import type { DeviceCard, FeatureCard, HubActionResult, StructureDetail } from '@console/contracts';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ColumnTable } from '../../../shared/ui/ColumnTable.tsx';
import { DialogButton } from '../../../shared/ui/DialogButton.tsx';
import { serverChecked, TypedConfirmModal } from '../../../shared/ui/TypedConfirmModal.tsx';
import { useCurrentUser } from '../../auth/use-current-user.ts';
import { noteKeys } from '../../notes/queries.ts';
import { type Said, saidColor, saidOfError } from '../../waterfall/outcome.ts';
import { Waterfall } from '../../waterfall/Waterfall.tsx';
import { newCorrelationId } from '../../waterfall/waterfall-queries.ts';
import { sendHubAction } from '../hub/hub-queries.ts';
import { FeatureHistory } from './FeatureHistory.tsx';
import { deviceGroups } from './structure-view.ts';

type Value = number | boolean | string;

/** A typed value as the hub takes it: a number or true/false when it reads as one, else the text. */
export function parseValue(text: string): Value {
  const t = text.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : t;
}

/** The opposite of an on/off value (1/0 or true/false), or null when the value is not one. */
export function toggled(v: Value | undefined): Value | null {
  if (v === 0 || v === 1) return 1 - v;
  if (typeof v === 'boolean') return !v;
  return null;
}

const readValue = (r: HubActionResult) => (r.items[0]?.payload as { value?: Value } | undefined)?.value;

/**
 * The device dialog's features (seed 001 §2): each feature read from the hub, written with Send or
 * flipped with Toggle — a write goes through hub-control only after the typed 'ok', and leaves the
 * automatic note on the customer (the side bar reloads it).
 */
export function DeviceFeatures({
  device,
  features,
  groups,
}: {
  device: DeviceCard;
  features: FeatureCard[];
  /** The structure's groups: the dialog names the device's feature sets, automation sets and other groups. */
  groups?: StructureDetail['groups'];
}) {
  const mine = features.filter((f) => f.deviceId === device.deviceId);
  return (
    <DialogButton
      label={`Features (${mine.length})`}
      title={`Features of ${device.name || device.deviceId}`}
      disabled={mine.length === 0}
    >
      {() => (
        <>
          {groups && <DeviceGroups sets={deviceGroups(mine, groups)} />}
          <FeatureList device={device} features={mine} />
        </>
      )}
    </DialogButton>
  );
}

/** The groups the device's features are in, by kind. */
function DeviceGroups({ sets }: { sets: ReturnType<typeof deviceGroups> }) {
  const line = (label: string, names: string[]) => (
    <Text size="sm">
      <b>{label}:</b> {names.join(', ') || 'none'}
    </Text>
  );
  return (
    <Stack gap={2} mb="sm" aria-label="Device groups">
      {line('Feature sets', sets.featureSets)}
      {line('Automation sets', sets.automationSets)}
      {line('Other groups', sets.other)}
    </Stack>
  );
}

function FeatureList({ device, features }: { device: DeviceCard; features: FeatureCard[] }) {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const [values, setValues] = useState<Record<string, Value>>({});
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [asking, setAsking] = useState<{ feature: FeatureCard; value: Value } | null>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const [history, setHistory] = useState<FeatureCard | null>(null);
  /** The correlation id of the last read or write: its command waterfall shows below the table. */
  const [watching, setWatching] = useState<string | null>(null);
  const sending = () => {
    const cid = newCorrelationId();
    setWatching(cid);
    return cid;
  };
  const read = useMutation({
    mutationFn: (f: FeatureCard) =>
      sendHubAction('hub-control.featureRead', { featureId: f.featureId, linkId: device.linkId }, sending()),
    onSuccess: (r, f) => {
      const v = readValue(r);
      if (v !== undefined) setValues((all) => ({ ...all, [f.featureId]: v }));
      setSaid({ ok: r.success, text: r.success ? `${f.name}: ${String(v)}` : r.message });
    },
    onError: (e) => setSaid(saidOfError(e, me.name)),
  });
  const write = useMutation({
    mutationFn: (w: { feature: FeatureCard; value: Value; confirmation: string }) =>
      sendHubAction(
        'hub-control.featureWrite',
        {
          featureId: w.feature.featureId,
          value: w.value,
          linkId: device.linkId,
          confirmation: w.confirmation,
        },
        sending(),
      ),
    onSuccess: (r, w) => {
      if (r.success) setValues((all) => ({ ...all, [w.feature.featureId]: w.value }));
      setSaid({
        ok: r.success,
        text: r.success ? `${w.feature.name} set to ${String(w.value)}.` : r.message,
      });
      void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
    onError: (e) => {
      setSaid(saidOfError(e, me.name));
      void queryClient.invalidateQueries({ queryKey: noteKeys.all });
    },
  });
  return (
    <Stack gap="sm">
      {said && (
        <Alert color={saidColor(said)} role="status">
          {said.text}
        </Alert>
      )}
      <ColumnTable
        label="Device features"
        rows={features}
        rowKey={(f) => f.featureId}
        columns={[
          { header: 'Feature', cell: (f) => `${f.name} (${f.type})` },
          { header: 'Id', cell: (f) => f.featureId },
          { header: 'Value', cell: (f) => (f.featureId in values ? String(values[f.featureId]) : '—') },
          {
            header: 'Actions',
            cell: (f) => {
              const flip = toggled(values[f.featureId]);
              return (
                <Group gap={4} wrap="nowrap">
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => read.mutate(f)}
                    loading={read.isPending}
                  >
                    Read
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="light"
                    disabled={flip === null}
                    onClick={() => flip !== null && setAsking({ feature: f, value: flip })}
                  >
                    Toggle
                  </Button>
                  <TextInput
                    size="xs"
                    w={90}
                    aria-label={`Value for ${f.name} (${f.featureId})`}
                    value={typed[f.featureId] ?? ''}
                    onChange={(e) => setTyped({ ...typed, [f.featureId]: e.currentTarget.value })}
                  />
                  <Button
                    size="compact-xs"
                    disabled={!(typed[f.featureId] ?? '').trim()}
                    onClick={() => setAsking({ feature: f, value: parseValue(typed[f.featureId] ?? '') })}
                  >
                    Send
                  </Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => setHistory(f)}>
                    History
                  </Button>
                </Group>
              );
            },
          },
        ]}
      />
      <Text size="xs" c="dimmed">
        Link {device.linkId}. A write asks for the typed word first; the server checks it again.
      </Text>
      {watching && <Waterfall key={watching} correlationId={watching} />}
      {history && (
        <FeatureHistory key={history.featureId} featureId={history.featureId} name={history.name} />
      )}
      {asking && (
        <TypedConfirmModal
          opened
          title={`Write ${String(asking.value)} to ${asking.feature.name}`}
          words="ok"
          {...serverChecked('hub-control.featureWrite')}
          loading={write.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(confirmation) => {
            write.mutate({ ...asking, confirmation });
            setAsking(null);
          }}
        />
      )}
    </Stack>
  );
}
