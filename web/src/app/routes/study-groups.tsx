import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { StudyGroupsPage, StudyGroupsUpgradeGate } from '@/features/study-groups/components/study-groups-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/study-groups` (students with the study_groups feature; others see the upgrade gate). */
export function StudyGroupsRoute() {
  const { profile } = useSession();
  useDocumentTitle('Study Groups');
  if (!profile) return null;
  if (!canUse(profile, 'study_groups', new Date())) return <StudyGroupsUpgradeGate />;
  return <StudyGroupsPage viewerId={profile.user_id} />;
}
