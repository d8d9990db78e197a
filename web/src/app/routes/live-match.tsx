import { useParams } from 'react-router-dom';
import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { LiveCompetitionsUpgradeGate } from '@/features/tournaments/components/live-competitions-page.tsx';
import { LiveMatchPage } from '@/features/tournaments/components/live-match-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/live-match/:tournamentId`: registered players only (the server answers 403 to anyone else). */
export function LiveMatchRoute() {
  const { tournamentId = '' } = useParams();
  const { profile } = useSession();
  useDocumentTitle('Live Match');
  if (!profile) return null;
  if (!canUse(profile, 'live_competitions', new Date())) return <LiveCompetitionsUpgradeGate />;
  return <LiveMatchPage key={tournamentId} tournamentId={tournamentId} />;
}
