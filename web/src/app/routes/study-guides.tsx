import { useSession } from '@/features/auth/use-session.ts';
import { StudyGuidesPage } from '@/features/study-guides/components/study-guides-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/study` (students): every guide listed; the server decides which ones the account reads. */
export function StudyGuidesRoute() {
  const { profile } = useSession();
  useDocumentTitle('Study Guides');
  if (!profile) return null;
  return <StudyGuidesPage />;
}
