import { createContext } from 'react';
import type { Profile } from '#shared/api.ts';
import type { Credentials } from '#shared/validation/auth.ts';
import type { MfaAnswer, MfaChallenge } from '#shared/validation/mfa.ts';
import type { SessionStatus } from './session-store.ts';

export interface SessionContextValue {
  status: SessionStatus;
  /** Present exactly when status is 'signed-in'. */
  profile: Profile | null;
  /** Resolves with the profile; rejects with an ApiError whose message is for people. */
  signIn(credentials: Credentials): Promise<Profile | { mfa: MfaChallenge }>;
  /** The authenticator app's code for the challenge signIn answered; resolves with the profile. */
  answerMfa(answer: MfaAnswer): Promise<Profile>;
  /** Resolves with the server's message; the account waits for its e-mailed confirmation. */
  signUp(credentials: Credentials): Promise<string>;
  /** Ends the session locally, goes to /, and asks the server to revoke it (failures ignored). */
  signOut(): Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);
