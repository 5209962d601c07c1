import { call } from '../../shared/api/call.ts';

/** Survey Links calls (analytics spec §7): the survey and a row's Backup Now (an audited hub action). */
export const surveyApi = {
  survey: (linkIds: string[], baseFirmware: string) =>
    call('hub-control.surveyLinks', { body: { linkIds, baseFirmware } }),
  backup: (linkId: number) => call('hub-control.surveyBackup', { body: { linkId } }),
};
