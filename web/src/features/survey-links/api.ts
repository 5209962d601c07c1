import type { HubActionResult, SurveyResult } from '@console/contracts';
import { apiRequest } from '../api/client.ts';

/** Survey Links calls (analytics spec §7): the survey and a row's Backup Now (an audited hub action). */
export const surveyApi = {
  survey: (linkIds: string[], baseFirmware: string) =>
    apiRequest<SurveyResult>('/api/supportPlus/socket/survey-links', {
      method: 'POST',
      body: { linkIds, baseFirmware },
    }),
  backup: (linkId: number) =>
    apiRequest<HubActionResult>('/api/supportPlus/socket/survey-links/backup', {
      method: 'POST',
      body: { linkId },
    }),
};
