import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { resetRequestSchema, fieldErrors } from '#shared/validation/auth.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { EmailField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { browserStorage } from '@/lib/storage.ts';
import { requestPasswordReset } from '../api/password-reset.ts';
import { createAttemptLimiter } from '../attempt-limiter.ts';

interface Props {
  open: boolean;
  onClose(): void;
}

/** Forgot-password dialog (docs/accounts.md): the form, then the Check Your Email confirmation. */
export function ResetDialog({ open, onClose }: Props) {
  const limiter = useMemo(() => createAttemptLimiter(browserStorage()), []);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  useEffect(() => {
    if (open) return;
    setEmail('');
    setError(undefined);
    setFormError(null);
    setSentTo(null);
  }, [open]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = resetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email);
      setFormError(null);
      return;
    }
    setError(undefined);
    const attempt = limiter.take('passwordReset', parsed.data.email);
    if (!attempt.allowed) {
      setFormError(attempt.message);
      return;
    }
    setFormError(null);
    setPending(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setSentTo(parsed.data.email);
    } catch (failure) {
      if (isApiError(failure)) {
        setError(failure.fields.email);
        setFormError(failure.message);
      } else {
        setFormError(AUTH_MESSAGES.resetSendFailed);
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <Dialog open={open} title={sentTo ? 'Check Your Email' : 'Reset Password'} onClose={onClose}>
      {sentTo ? (
        <div className="stack">
          <p>
            If an account exists for <strong>{sentTo}</strong>, we have sent it a link to reset your password.
          </p>
          <ul className="checklist">
            <li>The link expires in 1 hour.</li>
            <li>Check your spam folder if you don&apos;t see the email.</li>
            <li>Each link can be used only once.</li>
          </ul>
          <div className="actions">
            <Button autoFocus onClick={onClose}>
              Back to Sign In
            </Button>
          </div>
        </div>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
          <p>Enter the email address of your account and we&apos;ll send you a link to choose a new password.</p>
          <EmailField
            label="Email"
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
          />
          <FormMessage message={formError} />
          <div className="actions">
            <Button type="submit" loading={pending}>
              Send Reset Link
            </Button>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
