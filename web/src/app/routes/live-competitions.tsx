import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { LiveCompetitionsPage, LiveCompetitionsUpgradeGate } from '@/features/tournaments/components/live-competitions-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/live-competitions` (students with live_competitions; free accounts see the upgrade gate, and the server refuses them too). */
export function LiveCompetitionsRoute() {
  const { profile } = useSession();
  useDocumentTitle('Live Tournaments');
  if (!profile) return null;
  if (!canUse(profile, 'live_competitions', new Date())) return <LiveCompetitionsUpgradeGate />;
  return <LiveCompetitionsPage />;
}
