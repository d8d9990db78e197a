import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/spinner.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { ErrorBoundary } from '../error-boundary.tsx';
import { routeRedirect, type SessionView } from '../route-access.ts';
import { SiteHeader } from './site-header.tsx';

const PUBLIC_WHILE_LOADING = new Set(['/', '/leaderboard']);

/** Every route renders here: header, the access decision, the error screen, lazy-loading fallback. */
export function AppLayout() {
  const { status, profile } = useSession();
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const view: SessionView =
    status === 'signed-in' && profile ? { status, role: profile.role } : { status: status === 'loading' ? 'loading' : 'signed-out' };
  const redirect = routeRedirect(pathname, view);

  let content;
  // Public pages need no session to render; only their buttons change once it is known.
  if (status === 'loading' && !PUBLIC_WHILE_LOADING.has(pathname)) content = <Spinner page label="Loading your session…" />;
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
