import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/spinner.tsx';
import { SESSION_HINT_KEY } from '@/features/auth/session-hint.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { useOnlineStatus } from '@/lib/use-online-status.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { routeRedirect, type SessionView } from '../route-access.ts';
import { SiteHeader } from './site-header.tsx';

const PUBLIC_WHILE_LOADING = new Set(['/', '/leaderboard']);

/** Whether this browser holds a session (its hint), whether or not it could be looked up. */
function hasSessionHint(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT_KEY) !== null;
  } catch {
    return false;
  }
}

/** Every route renders here: header, the access decision, the error screen, lazy-loading fallback. */
export function AppLayout() {
  const { status, profile } = useSession();
  const { pathname } = useLocation();
  const online = useOnlineStatus();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const view: SessionView =
    status === 'signed-in' && profile ? { status, role: profile.role } : { status: status === 'loading' ? 'loading' : 'signed-out' };
  const redirect = routeRedirect(pathname, view);

  // Offline quizzes play with no connection: a device holding a session opens /offline
  // though the session cannot be looked up (the page uses what this device downloaded);
  // it is looked up again when the connection returns (SessionProvider).
  const offlineShell = pathname === '/offline' && hasSessionHint() && (status === 'signed-out' || (!online && status === 'loading'));

  let content;
  // Public pages need no session to render; only their buttons change once it is known.
  if (offlineShell)
    content = (
      <Suspense fallback={<Spinner page label="Loading…" />}>
        <Outlet />
      </Suspense>
    );
  else if (status === 'loading' && !PUBLIC_WHILE_LOADING.has(pathname)) content = <Spinner page label="Loading your session…" />;
  else if (redirect !== null) content = <Navigate to={redirect} replace />;
  else
    content = (
      <Suspense fallback={<Spinner page label="Loading…" />}>
        <Outlet />
      </Suspense>
    );

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="main" tabIndex={-1}>
        <ErrorBoundary resetKey={pathname}>{content}</ErrorBoundary>
      </main>
      <footer className="site-footer">
        <p>QuizQuest · geography, history and religion quizzes</p>
      </footer>
    </>
  );
}
