import { createFileRoute } from '@tanstack/react-router';
import { SurveyLinksScreen } from '../features/survey-links/SurveyLinksScreen.tsx';
import { RoleGate } from '../shared/ui/RoleGate.tsx';

/** /surveyLinks (analytics spec §2): data users survey hubs by id. */
export const Route = createFileRoute('/_auth/surveyLinks')({
  component: () => (
    <RoleGate access={['datauser']} title="Survey Links">
      <SurveyLinksScreen />
    </RoleGate>
  ),
});
