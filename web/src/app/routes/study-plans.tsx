import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { StudyPlansPage, StudyPlansUpgradeGate } from '@/features/study-plans/components/study-plans-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/study-plans` (students with custom_study_plans; others see the upgrade gate). */
export function StudyPlansRoute() {
  const { profile } = useSession();
  useDocumentTitle('Custom Study Plans');
  if (!profile) return null;
  if (!canUse(profile, 'custom_study_plans', new Date())) return <StudyPlansUpgradeGate />;
  return <StudyPlansPage />;
}
