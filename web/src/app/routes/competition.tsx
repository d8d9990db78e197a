import { ROLE_HOME } from '#shared/constants.ts';
import { CompetitionSetup } from '@/features/quiz/components/competition-setup.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/competition` (students): choose the settings of a timed round. */
export function CompetitionPage() {
  useDocumentTitle('Competition');
  return <CompetitionSetup dashboardPath={ROLE_HOME.student} />;
}
