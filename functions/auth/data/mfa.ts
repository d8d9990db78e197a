import {
  AssociateSoftwareTokenCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MFA_MESSAGES } from '#shared/validation/mfa.ts';
import { AUTH_MESSAGES as M } from '#shared/validation/messages.ts';
import { cognitoClient, documentClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { AppError, BadRequest, TooManyRequests, Unauthorized, Unavailable } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { secretHash } from '../../lib/secret-hash.ts';
import { issuedSession, type IssuedSession } from './accounts.ts';
import * as keys from '../../data/table-keys.ts';

/** Two-step sign-in with an authenticator app (TOTP) in the user pool, and the profile's note of it. */

const nameOf = (error: unknown) => (error instanceof Error ? error.name : '');

function unexpected(error: unknown, message: string): AppError {
  log.error('cognito call failed', { name: nameOf(error), message: error instanceof Error ? error.message : String(error) });
  return new Unavailable(message);
}

/** Answers Cognito's SOFTWARE_TOKEN_MFA challenge: the session's tokens, or why not. */
export async function answerMfaChallenge(username: string, session: string, code: string): Promise<IssuedSession> {
  const { USER_POOL_CLIENT_ID: clientId, USER_POOL_CLIENT_SECRET: clientSecret } = env();
  if (!clientSecret) throw new Error('USER_POOL_CLIENT_SECRET is not set on this function (access flag clientSecret)');
  try {
    const { AuthenticationResult } = await cognitoClient().send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code, SECRET_HASH: secretHash(username, clientId, clientSecret) },
      }),
    );
    return issuedSession(AuthenticationResult);
  } catch (error) {
    if (error instanceof AppError) throw error;
    switch (nameOf(error)) {
      case 'CodeMismatchException':
        throw new BadRequest(MFA_MESSAGES.codeWrong, { code: MFA_MESSAGES.codeWrong });
      case 'NotAuthorizedException': // the session expired (3 minutes) or was used up
      case 'ExpiredCodeException':
      case 'UserNotFoundException':
        throw new Unauthorized(MFA_MESSAGES.challengeExpired, 'mfa_challenge_expired');
      case 'TooManyRequestsException':
      case 'LimitExceededException':
        throw new TooManyRequests(M.serviceSignInRateLimit);
      default:
        throw unexpected(error, M.signInFailed);
    }
  }
}

/** A new authenticator secret for the caller (their access token); it counts once a code confirms it. */
export async function startSoftwareToken(accessToken: string): Promise<string> {
  try {
    const { SecretCode } = await cognitoClient().send(new AssociateSoftwareTokenCommand({ AccessToken: accessToken }));
    if (!SecretCode) throw new Error('AssociateSoftwareToken returned no secret');
    return SecretCode;
  } catch (error) {
    if (nameOf(error) === 'NotAuthorizedException') throw new Unauthorized(M.sessionEnded, 'session_expired');
    throw unexpected(error, MFA_MESSAGES.setupFailed);
  }
}

/** Confirms the app with its first code and makes it the account's second step at every sign-in. */
export async function confirmSoftwareToken(accessToken: string, code: string): Promise<void> {
  try {
    const { Status } = await cognitoClient().send(new VerifySoftwareTokenCommand({ AccessToken: accessToken, UserCode: code, FriendlyDeviceName: 'Authenticator app' }));
    if (Status !== 'SUCCESS') throw new BadRequest(MFA_MESSAGES.codeWrong, { code: MFA_MESSAGES.codeWrong });
    await cognitoClient().send(new SetUserMFAPreferenceCommand({ AccessToken: accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (['CodeMismatchException', 'EnableSoftwareTokenMFAException'].includes(nameOf(error))) throw new BadRequest(MFA_MESSAGES.codeWrong, { code: MFA_MESSAGES.codeWrong });
    if (nameOf(error) === 'NotAuthorizedException') throw new Unauthorized(M.sessionEnded, 'session_expired');
    throw unexpected(error, MFA_MESSAGES.setupFailed);
  }
}

/**
 * Notes on the profile whether the account signs in with a second step. Cognito challenges every
 * sign-in while it is on, so the note is what the admin check reads without a Cognito call; each
 * sign-in sets it again from what Cognito did (see auth/complete-sign-in.ts).
 */
export async function markMfaEnabled(userId: string, now: Date, enabled = true): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: env().TABLE_NAME,
      Key: keys.profile(userId),
      UpdateExpression: 'SET mfa_enabled = :on, metadata.updated_at = :now',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':on': enabled, ':now': now.toISOString() },
    }),
  );
}
