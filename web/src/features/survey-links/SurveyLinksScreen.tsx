import { type Backup, parseLinkIds, SURVEY_LINKS } from '@console/contracts';
import { Alert, Button, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../shared/api/client.ts';
import { AnchorLink } from '../../shared/shell/RouterLinks.tsx';
import { bound } from '../../shared/ui/bound.ts';
import { DetailsModal } from '../../shared/ui/DetailsModal.tsx';
import { formatStamp } from '../../shared/ui/dates.ts';
import { downloadText } from '../../shared/ui/download.ts';
import { TextBox } from '../../shared/ui/TextBox.tsx';
import { surveyApi } from './api.ts';
import { SurveyTable } from './SurveyTable.tsx';
import {
  addResult,
  batches,
  EMPTY_TABLES,
  type SurveyRow,
  type SurveyTables,
  TABLES,
  tableCsv,
  withBackup,
} from './survey-tables.ts';

const ID = new RegExp(SURVEY_LINKS.idPattern);

/**
 * /surveyLinks (analytics spec §2): link ids in, Send, three tables out (Online, Online - 3.38,
 * Offline / Error), Backup per row, an id's group access on click, and Export CSVs.
 */
export function SurveyLinksScreen() {
  const [text, setText] = useState('');
  const [base, setBase] = useState<string>(SURVEY_LINKS.baseFirmware);
  const [tables, setTables] = useState<SurveyTables>(EMPTY_TABLES);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [surveyedBase, setSurveyedBase] = useState<string>(SURVEY_LINKS.baseFirmware);
  const [opened, setOpened] = useState<SurveyRow | null>(null);
  const [backingUp, setBackingUp] = useState<ReadonlySet<number>>(new Set());

  const send = async () => {
    const ids = parseLinkIds(text);
    const bad = ids.filter((id) => !ID.test(id));
    setFailure(null);
    if (ids.length === 0) return setFailure('Enter one or more link ids.');
    if (bad.length > 0) return setFailure(`Not link ids (digits only): ${bad.slice(0, 10).join(', ')}`);
    setRunning(true);
    setTables(EMPTY_TABLES);
    setSurveyedBase(base);
    setProgress({ done: 0, total: ids.length });
    try {
      for (const batch of batches(ids)) {
        const result = await surveyApi.survey(batch, base);
        setTables((t) => addResult(t, result));
        setProgress((p) => p && { ...p, done: p.done + batch.length });
        if (result.error) setFailure(`${result.error} (${formatStamp(new Date())})`);
      }
    } catch (err) {
      setFailure(`${errorMessage(err)} (${formatStamp(new Date())})`);
    } finally {
      setRunning(false);
    }
  };

  const backup = async (linkId: number) => {
    setBackingUp((s) => new Set(s).add(linkId));
    try {
      const r = await surveyApi.backup(linkId);
      const made = r.items[0]?.payload as Backup | undefined;
      if (r.success && made) {
        setTables((t) => withBackup(t, linkId, made));
        notifications.show({ color: 'green', message: `Backup of link ${linkId} made.` });
      } else notifications.show({ color: 'red', message: `Backup of link ${linkId}: ${r.message}` });
    } catch (err) {
      notifications.show({ color: 'red', message: `Backup of link ${linkId}: ${errorMessage(err)}` });
    } finally {
      setBackingUp((s) => {
        const next = new Set(s);
        next.delete(linkId);
        return next;
      });
    }
  };

  const exportCsvs = () => {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    for (const t of TABLES) downloadText(`${t.file}-${stamp}.csv`, tableCsv(t.id, tables[t.id]));
  };

  const count = parseLinkIds(text).length;
  const surveyed = tables.online.length + tables.online338.length + tables.error.length;
  return (
    <Stack gap="md">
      <Title order={1}>Survey Links</Title>
      <Group align="flex-end" gap="sm">
        <TextBox
          label="Link ids"
          description="Separated by commas, spaces or new lines; repeats are asked once"
          grow={[3, 8]}
          w={480}
          state={[text, setText]}
        />
        <TextInput label="Base firmware" w={140} {...bound(base, (v) => setBase(v.trim()))} />
        <Button onClick={() => void send()} loading={running}>
          Send
        </Button>
        <Button variant="default" onClick={exportCsvs} disabled={running || surveyed === 0}>
          Export CSVs
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {count} link {count === 1 ? 'id' : 'ids'}
        {progress ? ` · asked ${progress.done} of ${progress.total}` : ''}
        {count > SURVEY_LINKS.maxIds ? ` · sent ${SURVEY_LINKS.maxIds} at a time` : ''}
      </Text>
      {failure && (
        <Alert color="red" title="Survey">
          {failure}
        </Alert>
      )}
      {TABLES.map((t) => (
        <SurveyTable
          key={t.id}
          id={t.id}
          title={t.title}
          rows={tables[t.id]}
          baseFirmware={surveyedBase}
          onOpenId={setOpened}
          onBackup={(linkId) => void backup(linkId)}
          backingUp={backingUp}
        />
      ))}
      <DetailsModal
        title={`Group access of link ${opened?.linkId ?? ''}`}
        value={opened ? { linkId: opened.linkId, groupAccess: opened.groupAccess } : null}
        onClose={() => setOpened(null)}
      >
        {opened && opened.groupAccess.length === 0 && <Text size="sm">No group access on record.</Text>}
        <List size="sm" aria-label="Group access">
          {opened?.groupAccess.map((g) => (
            <List.Item key={g}>
              <AnchorLink to="/supportPlus" search={{ searchterm: g }}>
                {g}
              </AnchorLink>
            </List.Item>
          ))}
        </List>
      </DetailsModal>
    </Stack>
  );
}
