import { TeacherDashboardPage } from '@/features/teacher-dashboard/components/teacher-dashboard-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/teacher-dashboard` (teachers only; access is checked before). */
export function TeacherDashboardRoute() {
  useDocumentTitle('Teacher Dashboard');
  return <TeacherDashboardPage />;
}
