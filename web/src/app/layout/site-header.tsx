import { Link, NavLink, useLocation } from 'react-router-dom';
import { ROLE_HOME } from '#shared/constants.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { ROLE_LABEL } from './role-labels.ts';
import styles from './site-header.module.css';

/** The bar on every page: the brand, and the account (e-mail, role, Sign Out) or a way to sign in. */
export function SiteHeader() {
  const { status, profile, signOut } = useSession();
  const { pathname } = useLocation();

  return (
    <header className="site-header">
      <div className={`site-header__inner ${styles.inner}`}>
        <Link to="/" className={`brand ${styles.brand}`}>
          <span className="brand__mark" aria-hidden="true">
            Q
          </span>
          <span className="brand__name">QuizQuest</span>
        </Link>
        {status === 'signed-in' && profile ? (
          <>
            <nav className={`site-header__nav ${styles.links}`} aria-label="Main">
              <NavLink to={ROLE_HOME[profile.role]} className="site-header__link" end>
                Dashboard
              </NavLink>
              {profile.role === 'student' && (
                <>
                  <NavLink to="/friends" className="site-header__link">
                    Friends
                  </NavLink>
                  <NavLink to="/study-groups" className="site-header__link">
                    Groups
                  </NavLink>
                  <NavLink to="/profile" className="site-header__link">
                    Profile
                  </NavLink>
                </>
              )}
              {profile.role === 'admin' && (
                // Generate AI Guide and Fact Check sit on /study too (docs/learning.md).
                <NavLink to="/study" className="site-header__link">
                  Study Guides
                </NavLink>
              )}
            </nav>
            <div className={`site-header__nav ${styles.actions}`}>
              {profile.role === 'student' && <NotificationBell />}
              <p className={`account ${styles.account}`}>
                <span className={`account__email ${styles.email}`} title={profile.email}>
                  {profile.email}
                </span>
                <span className="badge" aria-label={`Role: ${ROLE_LABEL[profile.role]}`}>
                  {ROLE_LABEL[profile.role]}
                </span>
              </p>
              <Button variant="secondary" onClick={() => void signOut()}>
                Sign Out
              </Button>
            </div>
          </>
        ) : status === 'signed-out' && pathname !== '/auth' ? (
          <nav className="site-header__nav" aria-label="Account">
            <LinkButton to="/auth" variant="secondary">
              Sign In
            </LinkButton>
          </nav>
        ) : null}
      </div>
    </header>
  );
}
