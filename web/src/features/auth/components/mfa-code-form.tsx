import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Profile } from '#shared/api.ts';
import { MFA_MESSAGES, mfaCodeSchema, type MfaChallenge } from '#shared/validation/mfa.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useSession } from '../use-session.ts';
import { AuthenticationCodeField } from './authentication-code-field.tsx';

interface Props {
  challenge: MfaChallenge;
  onSignedIn(profile: Profile): void;
  /** The challenge is over (3 minutes, or Cognito ended it): back to the password, with why. */
  onRestart(message: string): void;
}

/** Sign-in's second step: the 6-digit code from the account's authenticator app. */
export function MfaCodeForm({ challenge, onSignedIn, onRestart }: Props) {
  const { answerMfa } = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    codeRef.current?.focus();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = mfaCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(MFA_MESSAGES.codeFormat);
      codeRef.current?.focus();
      return;
    }
    setError(undefined);
    setFormError(null);
    setPending(true);
    try {
      onSignedIn(await answerMfa({ ...challenge, code: parsed.data }));
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'mfa_challenge_expired') return onRestart(failure.message);
      if (isApiError(failure) && failure.fields.code) setError(failure.fields.code);
      else setFormError(isApiError(failure) ? failure.message : MFA_MESSAGES.codeWrong);
      codeRef.current?.select();
    } finally {
      setPending(false);
    }
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
      <p>Two-step sign-in is on for this account. Open your authenticator app and enter the code it shows for Quiz Quest.</p>
      <AuthenticationCodeField
        ref={codeRef}
        value={code}
        error={error}
        onChange={(value) => {
          setCode(value);
          setError(undefined);
        }}
      />
      <FormMessage message={formError} />
      <Button type="submit" block loading={pending}>
        Verify
      </Button>
      <Button variant="link" onClick={() => onRestart('')}>
        Back to sign in
      </Button>
    </form>
  );
}
