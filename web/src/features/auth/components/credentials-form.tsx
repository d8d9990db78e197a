import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Profile } from '#shared/api.ts';
import { credentialsSchema, fieldErrors, type FieldErrors } from '#shared/validation/auth.ts';
import type { MfaChallenge } from '#shared/validation/mfa.ts';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { PasswordField } from '@/components/password-field.tsx';
import { EmailField } from '@/components/text-field.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { browserStorage } from '@/lib/storage.ts';
import { createAttemptLimiter } from '../attempt-limiter.ts';
import { homeAfterSignIn } from '../home-after-sign-in.ts';
import { useSession } from '../use-session.ts';
import { MfaCodeForm } from './mfa-code-form.tsx';

export type AuthMode = 'sign-in' | 'sign-up';

interface Props {
  mode: AuthMode;
  /** Sign-up succeeded: the account waits for the e-mailed link. */
  onSignedUp(email: string): void;
}

/** Sign-in and sign-up share one form: the shared credentials schema, the attempt limit, server errors. */
export function CredentialsForm({ mode, onSignedUp }: Props) {
  const { signIn, signUp } = useSession();
  const navigate = useNavigate();
  const limiter = useMemo(() => createAttemptLimiter(browserStorage()), []);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  /** Set while the account's authenticator code is asked for (two-step sign-in). */
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const enter = (profile: Profile) => navigate(homeAfterSignIn(profile), { replace: true });

  useEffect(() => {
    setErrors({});
    setFormError(null);
  }, [mode]);

  const focusFirstInvalid = (invalid: FieldErrors) => (invalid.email ? emailRef : passwordRef).current?.focus();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;

    const parsed = credentialsSchema.safeParse({ email, password });
    if (!parsed.success) {
      const invalid = fieldErrors(parsed.error);
      setErrors(invalid);
      setFormError(email.trim() === '' || password === '' ? AUTH_MESSAGES.fillAllFields : AUTH_MESSAGES.checkForm);
      focusFirstInvalid(invalid);
      return;
    }

    setErrors({});
    const attempt = limiter.take(mode === 'sign-in' ? 'signIn' : 'signUp', parsed.data.email);
    if (!attempt.allowed) {
      setFormError(attempt.message);
      return;
    }

    setFormError(null);
    setPending(true);
    try {
      if (mode === 'sign-in') {
        const result = await signIn(parsed.data);
        if ('mfa' in result) setChallenge(result.mfa);
        else enter(result);
      } else {
        await signUp(parsed.data);
        onSignedUp(parsed.data.email);
      }
    } catch (error) {
      if (isApiError(error)) {
        const { form: _form, ...fields } = error.fields;
        setErrors(fields);
        setFormError(error.message);
        if (Object.keys(fields).length > 0) focusFirstInvalid(fields);
      } else {
        setFormError(mode === 'sign-in' ? AUTH_MESSAGES.signInFailed : AUTH_MESSAGES.signUpFailed);
      }
    } finally {
      setPending(false);
    }
  }

  const clearError = (field: 'email' | 'password') => {
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  if (challenge) {
    return (
      <MfaCodeForm
        challenge={challenge}
        onSignedIn={enter}
        onRestart={(message) => {
          setChallenge(null);
          setPassword('');
          setFormError(message || null);
        }}
      />
    );
  }

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={pending || undefined}>
      <EmailField
        ref={emailRef}
        label="Email"
        autoComplete={mode === 'sign-in' ? 'username' : 'email'}
        value={email}
        error={errors.email}
        onChange={(event) => {
          setEmail(event.target.value);
          clearError('email');
        }}
      />
      <PasswordField
        ref={passwordRef}
        label="Password"
        name="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        hint={mode === 'sign-up' ? 'At least 6 characters.' : undefined}
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          clearError('password');
        }}
      />
      <FormMessage message={formError} />
      <Button type="submit" block loading={pending}>
        {mode === 'sign-in' ? 'Sign In' : 'Create Account'}
      </Button>
    </form>
  );
}
