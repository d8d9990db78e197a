import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '@/features/auth/use-session.ts';
import { ADMIN_TABS, adminTabFromSearch, tabAfterKey, type AdminTab } from '@/features/admin/admin-tabs.ts';
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
  const tabRefs = useRef(new Map<AdminTab, HTMLButtonElement>());

  const select = (next: AdminTab, focus = false) => {
    setSearch(next === 'overview' ? {} : { tab: next }, { replace: true });
    if (focus) tabRefs.current.get(next)?.focus();
  };
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabAfterKey(tab, event.key);
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };

  if (!profile) return null;
  return (
    <div className="page">
      <h1 className="page__title">Admin Dashboard</h1>
      <div role="tablist" aria-label="Admin sections" className={styles.tabs}>
        {ADMIN_TABS.map(({ id, label }) => (
          <button
            key={id}
            ref={(node) => {
              if (node) tabRefs.current.set(id, node);
              else tabRefs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={`admin-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`admin-panel-${id}`}
            tabIndex={tab === id ? 0 : -1}
            className={styles.tab}
            onClick={() => select(id)}
            onKeyDown={onTabKey}
          >
            {label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`} className={styles.panel} tabIndex={0}>
        {tab === 'overview' && <OverviewTab />}
        {tab === 'documents' && <DocumentsPanel />}
        {tab === 'users' && <UsersTab viewerId={profile.user_id} />}
      </div>
    </div>
  );
}

/**
 * The Documents tab: the knowledge base (B's DocumentsTab from @/features/admin-documents/)
 * followed by the generation panels (C2's, from @/features/admin-generation/). Each adds
 * its component with a one-line edit on its own line below (and its import above).
 */
function DocumentsPanel() {
  return (
    <>
      <DocumentsTab />
      <GenerationPanels />
    </>
  );
}
