import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '@/components/alert.tsx';
import { Card } from '@/components/card.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { useEmailConfirmation } from '../use-email-confirmation.ts';
import { CredentialsForm, type AuthMode } from './credentials-form.tsx';
import { ExpiredLinkCard } from './expired-link-card.tsx';
import { ResetDialog } from './reset-dialog.tsx';
import { SignUpSent } from './sign-up-sent.tsx';
import styles from './auth-screen.module.css';

const PROMO_LINES = ['Free to start', 'No credit card required', 'Instant access', '7-day free trial of Premium'];

/**
 * `/auth` (docs/accounts.md). The address holds the state that links point at:
 * `mode=sign-up`, `confirm=<token>` (e-mailed link), `expired=true`, `action=forgot-password`.
 */
export function AuthScreen() {
  const [params, setParams] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const mode: AuthMode = params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in';
  const expired = params.get('expired') === 'true';
  const resetOpen = params.get('action') === 'forgot-password';

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const confirmation = useEmailConfirmation(params.get('confirm'), () => update({ confirm: null, mode: null }));
  useDocumentTitle(sentTo ? 'Check your email' : mode === 'sign-in' ? 'Sign in' : 'Join');

  let main;
  if (expired) {
    main = (
      <ExpiredLinkCard
        onRequestNew={() => update({ expired: null, action: 'forgot-password' })}
        onReturn={() => update({ expired: null, mode: null })}
      />
    );
  } else if (sentTo) {
    main = (
      <SignUpSent
        email={sentTo}
        onBack={() => {
          setSentTo(null);
          update({ mode: null });
        }}
      />
    );
  } else {
    main = (
      <Card title={mode === 'sign-in' ? 'Welcome Back' : 'Join'} level={1}>
        <p className="muted">
          {mode === 'sign-in' ? 'Sign in to carry on with your quizzes.' : 'Create your free QuizQuest account.'}
        </p>
        <CredentialsForm mode={mode} onSignedUp={setSentTo} />
        <div className={styles.auth__links}>
          {mode === 'sign-in' ? (
            <>
              <p>
                New to QuizQuest?{' '}
                <Link to="/auth?mode=sign-up" replace>
                  Sign up
                </Link>
              </p>
              <p>
                <Link to="/auth?action=forgot-password" replace>
                  Forgot your password?
                </Link>
              </p>
            </>
          ) : (
            <p>
              Already have an account?{' '}
              <Link to="/auth" replace>
                Sign in
              </Link>
            </p>
          )}
        </div>
      </Card>
    );
  }

  return (
    <div className={styles.auth}>
      <aside className={styles.auth__promo} aria-label="Why QuizQuest">
        <p className={styles['auth__promo-title']}>Learn by playing quizzes</p>
        <p>Geography, history and religion at beginner, advanced and expert level.</p>
        <ul className="checklist checklist--light">
          {PROMO_LINES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </aside>
      <div className={styles.auth__main}>
        {confirmation.status === 'pending' && <Spinner label="Confirming your email…" />}
        {confirmation.status === 'confirmed' && <Alert tone="success">{confirmation.message}</Alert>}
        {confirmation.status === 'refused' && <Alert tone="error">{confirmation.message}</Alert>}
        {main}
      </div>
      <ResetDialog open={resetOpen} onClose={() => update({ action: null })} />
    </div>
  );
}
