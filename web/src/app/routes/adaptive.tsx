import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { AdaptivePage, AdaptiveUpgradeGate } from '@/features/adaptive/components/adaptive-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/adaptive` (students with adaptive_learning; others see the upgrade gate). */
export function AdaptiveRoute() {
  const { profile } = useSession();
  useDocumentTitle('Smart Learning');
  if (!profile) return null;
  if (!canUse(profile, 'adaptive_learning', new Date())) return <AdaptiveUpgradeGate />;
  return <AdaptivePage />;
}
