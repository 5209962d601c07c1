import {
  type Backup,
  SURVEY_LINKS,
  type SurveyErrorRow,
  type SurveyOnlineRow,
  type SurveyResult,
  toCsv,
} from '@console/contracts';
import { formatStamp } from '../../shared/ui/dates.ts';

/** The three tables of the survey (analytics spec §2), as the API answers them. */
export interface SurveyTables {
  online: SurveyOnlineRow[];
  online338: SurveyOnlineRow[];
  error: SurveyErrorRow[];
}

export type TableId = keyof SurveyTables;
export type SurveyRow = SurveyOnlineRow | SurveyErrorRow;

export const EMPTY_TABLES: SurveyTables = { online: [], online338: [], error: [] };

export const TABLES: readonly { id: TableId; title: string; file: string }[] = [
  { id: 'online', title: SURVEY_LINKS.tables.online, file: 'survey-online' },
  { id: 'online338', title: SURVEY_LINKS.tables.online338, file: 'survey-online-3.38' },
  { id: 'error', title: SURVEY_LINKS.tables.error, file: 'survey-offline-error' },
];

/** A column as both the table and its CSV show it: the same words in both. */
export interface TextColumn<T> {
  header: string;
  text: (row: T) => string;
}

const yesNo = (v: boolean) => (v ? 'yes' : 'no');
const when = (iso: string | null) => (iso ? formatStamp(iso) : '');

const backupColumns: TextColumn<SurveyRow>[] = [
  { header: 'Backup Created', text: (r) => when(r.backup1CreatedDate) },
  { header: 'Cause', text: (r) => r.backup1Cause ?? '' },
  { header: 'Backup Firmware', text: (r) => r.backup1FWVersion ?? '' },
];

/** Online and Online - 3.38: id, devices, automations, firmware, error, storage, factory, HomeKit, backup. */
export const ONLINE_COLUMNS: readonly TextColumn<SurveyOnlineRow>[] = [
  { header: 'Id', text: (r) => String(r.linkId) },
  { header: 'Devices', text: (r) => String(r.devices) },
  { header: 'Automations', text: (r) => String(r.automations) },
  { header: 'Firmware', text: (r) => r.firmwareVersion },
  { header: 'Error', text: (r) => yesNo(r.errorState) },
  { header: 'Storage', text: (r) => String(r.systemStorageNumber) },
  { header: 'Factory', text: (r) => String(r.factoryConfig) },
  { header: 'HomeKit', text: (r) => yesNo(r.homeKitPaired) },
  ...backupColumns,
];

/** Offline / Error: link id, the error with its time, group / code, devices, backup info. */
export const ERROR_COLUMNS: readonly TextColumn<SurveyErrorRow>[] = [
  { header: 'Id', text: (r) => String(r.linkId) },
  {
    header: 'Error Message',
    text: (r) => `${r.errorMessage || SURVEY_LINKS.unknownError} (${formatStamp(new Date(r.at))})`,
  },
  {
    header: 'Group / Code',
    text: (r) => (r.group === null && r.code === null ? '' : `${r.group ?? ''} / ${r.code ?? ''}`),
  },
  { header: 'Devices', text: (r) => (r.devices === null ? '' : String(r.devices)) },
  ...backupColumns,
];

export function columnsOf(id: TableId): readonly TextColumn<SurveyRow>[] {
  return (id === 'error' ? ERROR_COLUMNS : ONLINE_COLUMNS) as readonly TextColumn<SurveyRow>[];
}

/** A table as CSV: the columns it shows, the words it shows. */
export function tableCsv(id: TableId, rows: readonly SurveyRow[]): string {
  const columns = columnsOf(id);
  const csv = toCsv(
    columns.map((c) => c.header),
    rows.map((r) => columns.map((c) => c.text(r))),
    '\r\n',
  );
  return `${csv}\r\n`;
}

/** A survey answer added to what earlier requests of the same Send brought. */
export function addResult(tables: SurveyTables, r: SurveyResult): SurveyTables {
  return {
    online: [...tables.online, ...r.responseSuccess],
    online338: [...tables.online338, ...r.responseSuccess337],
    error: [...tables.error, ...r.responseError],
  };
}

/** Ids in requests the server takes (at most SURVEY_LINKS.maxIds each). */
export function batches(ids: readonly string[], size: number = SURVEY_LINKS.maxIds): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}

/** A Backup Now that worked: the row shows it as its newest backup, the previous one as older. */
export function withBackup(tables: SurveyTables, linkId: number, b: Backup): SurveyTables {
  const update = <T extends SurveyRow>(rows: T[]) =>
    rows.map((r) =>
      r.linkId === linkId
        ? {
            ...r,
            backup1CreatedDateOld: r.backup1CreatedDate,
            backup1CreatedDate: b.createdDate,
            backup1Cause: b.reason,
            backup1FWVersion: b.firmwareVersion,
          }
        : r,
    );
  return { online: update(tables.online), online338: update(tables.online338), error: update(tables.error) };
}
