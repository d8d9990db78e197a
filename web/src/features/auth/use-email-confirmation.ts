import { useEffect, useState } from 'react';
import { AUTH_MESSAGES } from '#shared/validation/messages.ts';
import { isApiError } from '@/lib/api-client.ts';
import { confirmEmailRequest } from './api/sign-up.ts';

export type EmailConfirmation =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'confirmed'; message: string }
  | { status: 'refused'; message: string };

/** A link works once: a second effect run (StrictMode, remount) must reuse the first call. */
const calls = new Map<string, Promise<EmailConfirmation>>();

function confirmOnce(token: string): Promise<EmailConfirmation> {
  let call = calls.get(token);
  if (!call) {
    call = confirmEmailRequest(token).then(
      ({ message }): EmailConfirmation => ({ status: 'confirmed', message }),
      (error: unknown): EmailConfirmation => ({
        status: 'refused',
        message: isApiError(error) ? error.message : AUTH_MESSAGES.genericAuth,
      }),
    );
    calls.set(token, call);
  }
  return call;
}

/**
 * Handles `/auth?confirm=<token>`: posts the token once and reports the outcome.
 * `onSettled` runs after the answer (the screen drops the token from the address then).
 */
export function useEmailConfirmation(token: string | null, onSettled: () => void): EmailConfirmation {
  const [state, setState] = useState<EmailConfirmation>(token ? { status: 'pending' } : { status: 'idle' });

  useEffect(() => {
    if (!token) return;
    let active = true;
    setState({ status: 'pending' });
    void confirmOnce(token).then((outcome) => {
      if (!active) return;
      setState(outcome);
      onSettled();
    });
    return () => {
      active = false;
    };
    // onSettled is a fresh closure each render; the token alone decides when to confirm.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  return state;
}
