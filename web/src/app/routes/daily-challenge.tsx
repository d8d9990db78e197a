import { useParams } from 'react-router-dom';
import { DailyChallengePage } from '@/features/daily-challenge/components/daily-challenge-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/daily-challenge/:challengeId`; route-access.ts has already kept it to students. */
export function DailyChallengeRoute() {
  const { challengeId = '' } = useParams();
  useDocumentTitle('Daily Challenge');
  // Keyed by id: another day's challenge starts from a clean state.
  return <DailyChallengePage key={challengeId} challengeId={challengeId} />;
}
