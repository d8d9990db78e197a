import { useState, type FormEvent } from 'react';
import type { Profile } from '#shared/api.ts';
import { ROLE_HOME } from '#shared/constants.ts';
import { MFA_MESSAGES, mfaCodeSchema, type MfaSetup } from '#shared/validation/mfa.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { confirmMfaSetupRequest, startMfaSetupRequest } from '../api/mfa-api.ts';
import { sessionStore } from '../session.ts';
import { AuthenticationCodeField } from './authentication-code-field.tsx';

type Phase = { kind: 'intro' } | { kind: 'scan'; setup: MfaSetup } | { kind: 'done'; message: string };

/** Groups of four, as authenticator apps print secrets, so the text is easy to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * /security: turn on two-step sign-in with an authenticator app (TOTP). The secret is shown
 * as text and as an otpauth:// link (no QR code: the project has no QR package). Admins land
 * here until it is on; everyone else may choose it.
 */
export function TwoStepSetup({ profile }: { profile: Profile }) {
  const [phase, setPhase] = useState<Phase>({ kind: 'intro' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const required = profile.role === 'admin';

  async function begin() {
    setPending(true);
    setFormError(null);
    try {
      setPhase({ kind: 'scan', setup: await startMfaSetupRequest() });
    } catch (failure) {
      setFormError(isApiError(failure) ? failure.message : MFA_MESSAGES.setupFailed);
    } finally {
      setPending(false);
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = mfaCodeSchema.safeParse(code);
    if (!parsed.success) return setError(MFA_MESSAGES.codeFormat);
    setError(undefined);
    setFormError(null);
    setPending(true);
    try {
      const { message } = await confirmMfaSetupRequest(parsed.data);
      await sessionStore.refreshProfile();
      setPhase({ kind: 'done', message });
    } catch (failure) {
      if (isApiError(failure) && failure.fields.code) setError(failure.fields.code);
      else setFormError(isApiError(failure) ? failure.message : MFA_MESSAGES.setupFailed);
    } finally {
      setPending(false);
    }
  }

  if (profile.mfa_enabled && phase.kind !== 'done') {
    return (
      <Card title="Two-step sign-in" level={1}>
        <Alert tone="success">Two-step sign-in is on. Every sign-in asks for the code from your authenticator app.</Alert>
        <LinkButton to={ROLE_HOME[profile.role]}>Continue</LinkButton>
      </Card>
    );
  }

  return (
    <Card title="Two-step sign-in" level={1}>
      {required && phase.kind !== 'done' && <Alert tone="info">{MFA_MESSAGES.setupRequired}</Alert>}

      {phase.kind === 'intro' && (
        <>
          <p>
            Protect your account with a second step: after your password, a 6-digit code from an authenticator app on your phone (Google
            Authenticator, Microsoft Authenticator, 1Password and others).
          </p>
          <FormMessage message={formError} />
          <Button onClick={begin} loading={pending}>
            Set Up Authenticator App
          </Button>
        </>
      )}

      {phase.kind === 'scan' && (
        <form className="form" noValidate onSubmit={confirm} aria-busy={pending || undefined}>
          <ol>
            <li>
              In your authenticator app, add an account and choose to enter a setup key. Enter this key (time-based):
              <p>
                <code aria-label="Setup key">{grouped(phase.setup.secret)}</code>
              </p>
              On this phone or computer, you can instead <a href={phase.setup.otpauthUri}>open the key in your authenticator app</a>. The link:
              <p>
                <code aria-label="Setup link" style={{ wordBreak: 'break-all' }}>
                  {phase.setup.otpauthUri}
                </code>
              </p>
            </li>
            <li>Enter the 6-digit code the app now shows for Quiz Quest.</li>
          </ol>
          <AuthenticationCodeField
            value={code}
            error={error}
            onChange={(value) => {
              setCode(value);
              setError(undefined);
            }}
          />
          <FormMessage message={formError} />
          <Button type="submit" block loading={pending}>
            Turn On Two-Step Sign-In
          </Button>
        </form>
      )}

      {phase.kind === 'done' && (
        <>
          <Alert tone="success">{phase.message}</Alert>
          <LinkButton to={ROLE_HOME[profile.role]}>Continue</LinkButton>
        </>
      )}
    </Card>
  );
}
