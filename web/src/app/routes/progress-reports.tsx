import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { ProgressReportPage, ProgressReportUpgradeGate } from '@/features/progress-reports/components/progress-report-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/progress-reports` (students with progress_reports; others see the upgrade gate). */
export function ProgressReportsRoute() {
  const { profile } = useSession();
  useDocumentTitle('Progress Report');
  if (!profile) return null;
  if (!canUse(profile, 'progress_reports', new Date())) return <ProgressReportUpgradeGate />;
  return <ProgressReportPage studentEmail={profile.email} studentName={profile.metadata.full_name} />;
}
