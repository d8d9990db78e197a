import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { fieldErrors, linkTokenSchema, resetPasswordSchema, staffPasswordProblem, type FieldErrors, type PasswordRule } from '#shared/validation/auth.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { TextField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { isLinkErrorCode, resetPasswordRequest, verifyResetLink, type LinkErrorCode } from '../api/password-reset.ts';

/** After a successful reset the screen moves on to sign-in after this long (docs/accounts.md). */
export const REDIRECT_AFTER_RESET_MS = 2000;

type Phase =
  | { kind: 'verifying' }
  | { kind: 'unreachable'; message: string }
  | { kind: 'invalid'; code: LinkErrorCode; message: string }
  | { kind: 'form'; email: string; passwordRule: PasswordRule }
  | { kind: 'done'; message: string };

const INVALID_TITLES: Record<LinkErrorCode, string> = {
  link_expired: 'Reset Link Expired',
  link_used: 'Reset Link Already Used',
  link_unknown: 'Invalid Reset Link',
  link_superseded: 'Reset Link No Longer Valid',
};

/** `/reset-password?token=…`: verifying, invalid link, form, success (docs/accounts.md). */
export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [phase, setPhase] = useState<Phase>({ kind: 'verifying' });
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();

  useDocumentTitle(phase.kind === 'done' ? 'Password reset' : 'Reset your password');

  useEffect(() => {
    if (!linkTokenSchema.safeParse(token).success) {
      setPhase({ kind: 'invalid', code: 'link_unknown', message: AUTH_MESSAGES.resetLinkInvalid });
      return;
    }
    let active = true;
    setPhase({ kind: 'verifying' });
    verifyResetLink(token).then(
      ({ email, passwordRule }) => active && setPhase({ kind: 'form', email, passwordRule }),
      (error: unknown) => {
        if (!active) return;
        if (isApiError(error) && isLinkErrorCode(error.code)) setPhase({ kind: 'invalid', code: error.code, message: error.message });
        else if (isApiError(error) && error.retryable) setPhase({ kind: 'unreachable', message: error.message });
        else setPhase({ kind: 'invalid', code: 'link_unknown', message: AUTH_MESSAGES.resetLinkInvalid });
      },
    );
    return () => {
      active = false;
    };
  }, [token, attempt]);

  useEffect(() => {
    if (phase.kind !== 'done') return;
    const timer = setTimeout(() => navigate('/auth', { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [phase.kind, navigate]);

  const refuse = useCallback((code: LinkErrorCode, message: string) => setPhase({ kind: 'invalid', code, message }), []);
  const finish = useCallback((message: string) => setPhase({ kind: 'done', message }), []);

  return (
    <div className="page page--narrow">
      {phase.kind === 'verifying' && <Spinner page label="Checking your reset link…" />}

      {phase.kind === 'unreachable' && (
        <Card title="Reset Password" level={1}>
          <Alert tone="error">{phase.message}</Alert>
          <div className="actions">
            <Button onClick={() => setAttempt((n) => n + 1)}>Try Again</Button>
            <LinkButton to="/auth" variant="secondary">
              Return to Login
            </LinkButton>
          </div>
        </Card>
      )}

      {phase.kind === 'invalid' && (
        <Card title={INVALID_TITLES[phase.code]} level={1}>
          <Alert tone="error">{phase.message}</Alert>
          <p>Reset links work for 1 hour, and each one only once. You can ask for a new one.</p>
          <div className="actions">
            <LinkButton to="/auth?action=forgot-password">Request New Reset Link</LinkButton>
            <LinkButton to="/auth" variant="secondary">
              Return to Login
            </LinkButton>
          </div>
        </Card>
      )}

      {phase.kind === 'form' && <NewPasswordForm token={token} email={phase.email} passwordRule={phase.passwordRule} onRefused={refuse} onDone={finish} />}

      {phase.kind === 'done' && (
        <Card title="Password Reset" level={1}>
          <Alert tone="success">{phase.message}</Alert>
          <p className="muted">Taking you to sign in…</p>
          <div className="actions">
            <LinkButton to="/auth" replace>
              Go to Sign In
            </LinkButton>
          </div>
        </Card>
      )}
    </div>
  );
}

interface FormProps {
  token: string;
  email: string;
  /** Teacher and admin accounts follow the stronger staff rule (the server checks it too). */
  passwordRule: PasswordRule;
  onRefused(code: LinkErrorCode, message: string): void;
  onDone(message: string): void;
}

const RULE_HINTS: Record<PasswordRule, string> = {
  standard: 'At least 6 characters.',
  staff: 'At least 12 characters, with upper- and lower-case letters, a number and a symbol (teacher and admin accounts).',
};

function NewPasswordForm({ token, email, passwordRule, onRefused, onDone }: FormProps) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    passwordRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (password === '' || confirmPassword === '') {
      setErrors({});
      setFormError(AUTH_MESSAGES.fillAllFields);
      (password === '' ? passwordRef : confirmRef).current?.focus();
      return;
    }
    const parsed = resetPasswordSchema.safeParse({ token, password, confirmPassword });
    const staffProblem = parsed.success && passwordRule === 'staff' ? staffPasswordProblem(password) : undefined;
    if (!parsed.success || staffProblem) {
      const invalid = parsed.success ? { password: staffProblem! } : fieldErrors(parsed.error);
      setErrors(invalid);
      setFormError(AUTH_MESSAGES.checkForm);
      (invalid.password ? passwordRef : confirmRef).current?.focus();
      return;
    }

    setErrors({});
    setFormError(null);
    setPending(true);
    try {
      const { message } = await resetPasswordRequest(parsed.data);
      onDone(message);
    } catch (error) {
      if (isApiError(error) && isLinkErrorCode(error.code)) return onRefused(error.code, error.message);
      if (isApiError(error)) {
        setErrors(error.fields);
        setFormError(error.message);
      } else {
        setFormError(AUTH_MESSAGES.resetFailed);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Card title="Choose a New Password" level={1}>
      <p className="muted">
        For <strong>{email}</strong>
      </p>
      <form className="form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
        <TextField
          ref={passwordRef}
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={RULE_HINTS[passwordRule]}
          value={password}
          error={errors.password}
          onChange={(event) => {
            setPassword(event.target.value);
            setErrors(({ password: _gone, ...rest }) => rest);
          }}
        />
        <TextField
          ref={confirmRef}
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(event) => {
            setConfirmPassword(event.target.value);
            setErrors(({ confirmPassword: _gone, ...rest }) => rest);
          }}
        />
        <FormMessage message={formError} />
        <Button type="submit" block loading={pending}>
          Reset Password
        </Button>
      </form>
    </Card>
  );
}
