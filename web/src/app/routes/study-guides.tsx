import { ROLE_HOME } from '#shared/constants.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { GuideGenerationPanel } from '@/features/admin-generation/components/guide-generation-panel.tsx';
import { StudyGuidesPage } from '@/features/study-guides/components/study-guides-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/**
 * `/study` (students and admins): every guide listed; the server decides which ones the account
 * reads. Admins also get Generate AI Guide and Fact Check here (docs/learning.md), the same panel
 * as in the admin Documents tab; the two features are composed here, not inside each other.
 */
export function StudyGuidesRoute() {
  const { profile } = useSession();
  useDocumentTitle('Study Guides');
  if (!profile) return null;
  const admin = profile.role === 'admin';
  return <StudyGuidesPage homePath={ROLE_HOME[profile.role]} tools={admin ? <GuideGenerationPanel /> : undefined} />;
}
