import { ParentDashboardPage } from '@/features/parent-dashboard/components/parent-dashboard-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/parent-dashboard` (parents only; access is checked before). */
export function ParentDashboardRoute() {
  useDocumentTitle('Parent Dashboard');
  return <ParentDashboardPage />;
}
