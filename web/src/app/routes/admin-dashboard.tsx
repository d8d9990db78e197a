import { useSearchParams } from 'react-router-dom';
import { TabList, tabId, tabPanelId } from '@/components/tab-list.tsx';
import { Alert } from '@/components/alert.tsx';
import { LinkButton } from '@/components/button.tsx';
import { SECURITY_PATH } from '@/features/auth/home-after-sign-in.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { MFA_MESSAGES } from '#shared/validation/mfa.ts';
import { ADMIN_TABS, adminTabFromSearch, type AdminTab } from '@/features/admin/admin-tabs.ts';
import { OverviewTab } from '@/features/admin/components/overview-tab.tsx';
import { UsersTab } from '@/features/admin/components/users-tab.tsx';
import { DocumentsTab } from '@/features/admin-documents/components/documents-tab.tsx';
import { GenerationPanels } from '@/features/admin-generation/components/generation-panels.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import styles from './admin-dashboard.module.css';

/**
 * /admin-dashboard (admins; route-access.ts sends anyone else to /): tabs Overview,
 * Documents, Users, following the WAI-ARIA tabs pattern (arrows, Home, End). The tab
 * lives in the address (?tab=). Every call the tabs make is checked by the server.
 */
export function AdminDashboardRoute() {
  const { profile } = useSession();
  useDocumentTitle('Admin Dashboard');
  const [search, setSearch] = useSearchParams();
  const tab = adminTabFromSearch(search.get('tab'));

  const select = (next: AdminTab) => setSearch(next === 'overview' ? {} : { tab: next }, { replace: true });

  if (!profile) return null;
  // The server refuses the console's calls until then (mfa_setup_required); say why and where to go.
  if (!profile.mfa_enabled) {
    return (
      <div className="page page--narrow">
        <h1 className="page__title">Admin Dashboard</h1>
        <Alert tone="info">{MFA_MESSAGES.setupRequired}</Alert>
        <LinkButton to={SECURITY_PATH}>Set Up Two-Step Sign-In</LinkButton>
      </div>
    );
  }
  return (
    <div className="page">
      <h1 className="page__title">Admin Dashboard</h1>
      <TabList tabs={ADMIN_TABS} selected={tab} onSelect={select} idPrefix="admin" label="Admin sections" />

      <div role="tabpanel" id={tabPanelId('admin', tab)} aria-labelledby={tabId('admin', tab)} className={styles.panel} tabIndex={0}>
        {tab === 'overview' && <OverviewTab />}
        {tab === 'documents' && <DocumentsPanel />}
        {tab === 'users' && <UsersTab viewerId={profile.user_id} />}
      </div>
    </div>
  );
}

/** The Documents tab: the knowledge base, then the generation panels (two features, composed here). */
function DocumentsPanel() {
  return (
    <>
      <DocumentsTab />
      <GenerationPanels />
    </>
  );
}
