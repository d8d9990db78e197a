import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { SpacedRepetitionPage, SpacedRepetitionUpgradeGate } from '@/features/spaced-repetition/components/spaced-repetition-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/spaced-repetition` (students with the spaced_repetition feature; others see the upgrade gate). */
export function SpacedRepetitionRoute() {
  const { profile } = useSession();
  useDocumentTitle('Spaced Repetition');
  if (!profile) return null;
  if (!canUse(profile, 'spaced_repetition', new Date())) return <SpacedRepetitionUpgradeGate />;
  return <SpacedRepetitionPage />;
}
