import { ROLE_HOME } from '#shared/constants.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { CompetitionSetup } from '@/features/quiz/components/competition-setup.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/competition` (students): choose the settings of a timed round. */
export function CompetitionPage() {
  const { profile } = useSession();
  useDocumentTitle('Competition');
  return <CompetitionSetup dashboardPath={ROLE_HOME.student} profile={profile} />;
}
