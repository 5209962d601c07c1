import { AUTH_TEXT, type AuthManageResult, DeleteLoop } from '@console/contracts';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { bound } from '../../shared/ui/bound.ts';
import { ConfirmDeleteModal } from '../../shared/ui/ConfirmDeleteModal.tsx';
import { choices } from '../../shared/ui/choices.ts';
import { DataTable } from '../../shared/ui/DataTable.tsx';
import { DateInput } from '../../shared/ui/DateInput.tsx';
import { Toggle } from '../../shared/ui/Toggle.tsx';
import { deleteExpired, queryExpired } from './api.ts';
import { type AuthManageForm, dayText, defaultForm, filterOf, queryOf, yearAgo } from './auth-manage-form.ts';
import { recordColumns } from './record-columns.tsx';

interface LoopState {
  running: boolean;
  batches: number;
  total: number;
  end?: string;
}

/** /authManage (admin; analytics spec §2, §5, §9): query and delete expired tokens or codes. */
/** The numeric controls of the query (seed 000 §2 /authManage): field, label, maximum, width. */
const NUMBER_FIELDS = [
  ['queryLimit', 'Limit', 500, 90],
  ['page', 'Page', undefined, 90],
  ['maxPages', 'Max pages', 20, 100],
  ['deleteLimit', 'Delete limit', 1000, 110],
] as const;

/** The date controls (the console's one date input) and the text controls: field, label, width. */
const DATE_FIELDS = [
  ['dateTo', 'To date'],
  ['dateFrom', 'From date'],
] as const;
const TEXT_FIELDS = [
  ['clientId', 'Client id', 140],
  ['userId', 'User id', 220],
] as const;

export function AuthManageScreen() {
  const [form, setForm] = useState<AuthManageForm>(() => defaultForm(new Date()));
  const [message, setMessage] = useState<string | null>(null);
  const [result, setResult] = useState<AuthManageResult | null>(null);
  const [confirm, setConfirm] = useState<'once' | 'repeat' | null>(null);
  const [loop, setLoop] = useState<LoopState | null>(null);
  const running = useRef<DeleteLoop | null>(null);
  useEffect(() => () => running.current?.stop(), []);
  const set = <K extends keyof AuthManageForm>(key: K, value: AuthManageForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  /** Spec §5: without a to-date, say so and put it back to about a year ago. */
  const checked = (): AuthManageForm | null => {
    if (form.dateTo.trim()) return form;
    setMessage(AUTH_TEXT.toDateRequired);
    set('dateTo', yearAgo(new Date()));
    return null;
  };
  const fail = (err: unknown) => setMessage(`Error: ${errorMessage(err)}`);
  const show = (r: AuthManageResult | null) => {
    if (!r) return setMessage(AUTH_TEXT.noData);
    setMessage(null);
    setResult(r);
  };

  const query = useMutation({
    mutationFn: (f: AuthManageForm) => queryExpired(f.type, queryOf(f)),
    onSuccess: show,
    onError: fail,
  });
  const batch = (f: AuthManageForm) =>
    deleteExpired(f.type, { ...filterOf(f), deleteLimit: f.deleteLimit, confirm: 'yes' });
  const once = useMutation({ mutationFn: batch, onSuccess: show, onError: fail });

  const startLoop = (f: AuthManageForm) => {
    setLoop({ running: true, batches: 0, total: 0 });
    running.current = new DeleteLoop({
      runBatch: async () => {
        const r = await batch(f);
        show(r);
        return r.resultObj;
      },
      onBatch: (_b, total, batches) => setLoop({ running: true, batches, total }),
      onEnd: (end, error) => {
        if (error) fail(error);
        setLoop((l) => (l ? { ...l, running: false, end } : l));
      },
    });
  };

  return (
    <Stack gap="md">
      <Title order={1}>Manage Auth</Title>
      <Group align="flex-end" gap="sm">
        <SegmentedControl
          aria-label="Collection"
          value={form.type}
          onChange={(v) => set('type', v as AuthManageForm['type'])}
          data={choices({ tokens: 'Tokens', authcodes: 'Auth codes' })}
        />
        {DATE_FIELDS.map(([key, label]) => (
          <DateInput key={key} label={label} value={form[key]} onChange={(v) => set(key, v)} />
        ))}
        {TEXT_FIELDS.map(([key, label, w]) => (
          <TextInput key={key} label={label} w={w} {...bound(form[key], (v) => set(key, v))} />
        ))}
      </Group>
      <Group align="flex-end" gap="sm">
        {NUMBER_FIELDS.map(([key, label, max, w]) => (
          <NumberInput
            key={key}
            label={label}
            min={1}
            max={max}
            value={form[key]}
            onChange={(v) => set(key, Number(v) || 1)}
            w={w}
          />
        ))}
        <SegmentedControl
          aria-label="Order"
          value={form.order}
          onChange={(v) => set('order', v as AuthManageForm['order'])}
          data={choices({ normal: 'Normal', reverse: 'Reverse' })}
        />
        <Toggle label="Count only" checked={form.countOnly} onChange={(on) => set('countOnly', on)} mb={8} />
        <Toggle
          label="Include deleted data"
          checked={form.includeDeletedData}
          onChange={(on) => set('includeDeletedData', on)}
          mb={8}
        />
      </Group>
      <Group gap="sm">
        <Button
          onClick={() => {
            const f = checked();
            if (f) query.mutate(f);
          }}
          loading={query.isPending}
        >
          Query
        </Button>
        <Button
          color="red"
          variant="light"
          disabled={loop?.running}
          onClick={() => checked() && setConfirm('once')}
        >
          Delete
        </Button>
        {loop?.running ? (
          <Button color="gray" onClick={() => running.current?.stop()}>
            Stop
          </Button>
        ) : (
          <Button color="red" onClick={() => checked() && setConfirm('repeat')}>
            Start repeated delete
          </Button>
        )}
      </Group>
      {message ? <Alert color="red">{message}</Alert> : null}
      {loop ? (
        <Text aria-label="Repeated delete">
          {loop.running ? 'Repeated delete running' : `Repeated delete ${loop.end ?? 'stopped'}`}:{' '}
          {loop.batches} batches, {loop.total} deleted in total.
        </Text>
      ) : null}
      {result ? (
        <Stack gap="xs">
          <Text aria-label="Result summary">
            Count: {result.count}. Page {result.page}, pages with data {result.pagesWithFilteredData}. Results{' '}
            {result.resultObj.results}, deleted {result.resultObj.deleted}
            {result.resultObj.errors.length ? `, errors: ${result.resultObj.errors.join('; ')}` : ''}.
          </Text>
          {result.accesstokens.length ? (
            <DataTable
              label="Expired records"
              data={result.accesstokens}
              columns={recordColumns}
              rowKey={(r) => r.id}
            />
          ) : null}
        </Stack>
      ) : null}
      <ConfirmDeleteModal
        opened={confirm !== null}
        title={confirm === 'repeat' ? 'Start the repeated delete' : 'Delete expired records'}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          const mode = confirm;
          setConfirm(null);
          if (mode === 'repeat') startLoop(form);
          else once.mutate(form);
        }}
      >
        <Text size="sm">
          {confirm === 'repeat'
            ? `Deletes up to ${form.deleteLimit} expired ${form.type} before ${dayText(form.dateTo)}, again every 5 seconds until none are left or you stop it. Every batch is audited.`
            : `Deletes up to ${form.deleteLimit} expired ${form.type} before ${dayText(form.dateTo)}. The batch is audited.`}
        </Text>
      </ConfirmDeleteModal>
    </Stack>
  );
}
