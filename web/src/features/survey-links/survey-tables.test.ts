import type { SurveyErrorRow, SurveyOnlineRow, SurveyResult } from '@console/contracts';
import { describe, expect, it } from 'vitest';
import { formatStamp } from '../../shared/ui/dates.ts';
import { addResult, batches, EMPTY_TABLES, tableCsv, withBackup } from './survey-tables.ts';

const online = (linkId: number, o: Partial<SurveyOnlineRow> = {}): SurveyOnlineRow => ({
  linkId,
  handlerId: `link2.${linkId}.d`,
  deviceId: 'd',
  devices: 3,
  automations: 1,
  firmwareVersion: '3.37.2',
  firmwareVersionIssue: false,
  errorState: false,
  systemStorageNumber: 0,
  factoryConfig: 1,
  homeKitPaired: true,
  backup1CreatedDate: null,
  backup1CreatedDateOld: null,
  backup1Cause: null,
  backup1FWVersion: null,
  groupAccess: ['g1'],
  ...o,
});
const failed = (linkId: number, o: Partial<SurveyErrorRow> = {}): SurveyErrorRow => ({
  linkId,
  errorMessage: 'No reply, "late"',
  group: null,
  code: null,
  devices: null,
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
  backup1CreatedDate: null,
  backup1CreatedDateOld: null,
  backup1Cause: null,
  backup1FWVersion: null,
  groupAccess: [],
  ...o,
});
const result = (o: Partial<SurveyResult>): SurveyResult => ({
  responseSuccess: [],
  responseSuccess337: [],
  responseError: [],
  error: null,
  baseFirmware: '3.35.0',
  durationMs: 1,
  ...o,
});

describe('survey tables', () => {
  it('adds each answer of a Send to the three tables', () => {
    const t = addResult(
      addResult(EMPTY_TABLES, result({ responseSuccess: [online(1)], responseError: [failed(2)] })),
      result({ responseSuccess337: [online(3, { firmwareVersion: '3.38.0' })] }),
    );
    expect([t.online.length, t.online338.length, t.error.length]).toEqual([1, 1, 1]);
  });

  it('writes a table as CSV with the columns and words it shows, quoting what needs it', () => {
    const lines = tableCsv('online', [online(7, { errorState: true })]).split('\r\n');
    expect(lines[0]).toBe(
      'Id,Devices,Automations,Firmware,Error,Storage,Factory,HomeKit,Backup Created,Cause,Backup Firmware',
    );
    expect(lines[1]).toBe('7,3,1,3.37.2,yes,0,1,yes,,,');
    const err = tableCsv('error', [failed(9, { group: 1, code: 503, devices: 4 })]).split('\r\n');
    expect(err[0]).toBe('Id,Error Message,Group / Code,Devices,Backup Created,Cause,Backup Firmware');
    // The console's one date-time format (ui/dates.ts), in the locale the test runs in.
    const at = formatStamp(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)));
    expect(at).toMatch(/\d\d:04:05/);
    expect(err[1]).toBe(`9,"No reply, ""late"" (${at})",1 / 503,4,,,`);
  });

  it('splits ids into requests of at most 500', () => {
    const ids = Array.from({ length: 1201 }, (_, i) => String(i + 1));
    expect(batches(ids).map((b) => b.length)).toEqual([500, 500, 201]);
  });

  it('shows a Backup Now on its row, the earlier backup becoming the older one', () => {
    const t = addResult(
      EMPTY_TABLES,
      result({ responseSuccess: [online(5, { backup1CreatedDate: 'old' })] }),
    );
    const b = { createdDate: '2026-05-01T00:00:00.000Z', reason: 'survey', firmwareVersion: '3.37.2' };
    const after = withBackup(t, 5, b as never);
    expect(after.online[0]).toMatchObject({
      backup1CreatedDate: b.createdDate,
      backup1CreatedDateOld: 'old',
      backup1Cause: 'survey',
    });
  });
});
