import { signOutEverywhere } from './data/accounts.ts';
import type { LinkToken } from './data/link-tokens.ts';
import { revokeSessionsBefore, sessionsValidAfter, type SignInRecord } from './data/sessions.ts';
import { log } from '../lib/log.ts';
import { closeConnectionsOf } from '../lib/close-connections.ts';

/**
 * Ends every session of the account and every link e-mailed to it so far: the API's own
 * cutoff (access tokens, renewals, reset links), Cognito's global sign-out, and the open
 * WebSocket connections (closed: the cutoff alone only stops re-connects).
 */
export async function endEverySession(userId: string): Promise<void> {
  const cutoffMs = Date.now();
  await revokeSessionsBefore(userId, cutoffMs);
  await signOutEverywhere(userId);
  // After the cutoff, so a socket that reconnects at once is refused. The password is already
  // changed, so a failure here is logged rather than failing the reset.
  await closeConnectionsOf(userId).catch((error: unknown) => log.error('closing the account\'s sockets failed', { userId, error: String(error) }));
  // Tokens carry whole seconds, so one issued later in the cutoff's second counts as before it:
  // answering only once that second is over means the person's next sign-in is not refused.
  const wait = Math.ceil(cutoffMs / 1000) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * A reset link issued before the account's last revocation (another reset) no longer works.
 * Links from before links named their account cannot be checked, so they count as revoked.
 */
export async function isRevokedLink(record: LinkToken): Promise<boolean> {
  if (!record.userId || record.issuedAtMs === undefined) return true;
  const validAfterMs = await sessionsValidAfter(record.userId);
  return validAfterMs !== undefined && record.issuedAtMs < validAfterMs;
}

/** A sign-in from before the account's last revocation renews nothing. */
export async function isRevokedSignIn(record: SignInRecord): Promise<boolean> {
  const validAfterMs = await sessionsValidAfter(record.userId);
  return validAfterMs !== undefined && record.signedInAtMs < validAfterMs;
}
