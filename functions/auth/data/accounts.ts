import {
  AdminAddUserToGroupCommand,
  AdminConfirmSignUpCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
  RevokeTokenCommand,
  SignUpCommand,
  type AuthenticationResultType,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import type { SessionTokens } from '#shared/api.ts';
import type { Role } from '#shared/constants.ts';
import { PROFILE_MESSAGES } from '#shared/profile.ts';
import { AUTH_MESSAGES as M } from '#shared/validation/messages.ts';
import { cognitoClient } from '../../lib/clients.ts';
import { env } from '../../lib/env.ts';
import { AppError, BadRequest, Conflict, Forbidden, TooManyRequests, Unauthorized, Unavailable } from '../../lib/errors.ts';
import { log } from '../../lib/log.ts';
import { secretHash } from '../../lib/secret-hash.ts';

/**
 * The identity store (Cognito user pool). Cognito's exception names are turned into the
 * product's messages (shared/validation/messages.ts) here, so handlers never see SDK errors.
 */

const nameOf = (error: unknown) => (error instanceof Error ? error.name : '');

/** The app client and its secret; a function that calls Cognito as the client without the secret is misconfigured. */
function appClient(): { clientId: string; clientSecret: string } {
  const { USER_POOL_CLIENT_ID, USER_POOL_CLIENT_SECRET } = env();
  if (!USER_POOL_CLIENT_SECRET) throw new Error('USER_POOL_CLIENT_SECRET is not set on this function (access flag clientSecret)');
  return { clientId: USER_POOL_CLIENT_ID, clientSecret: USER_POOL_CLIENT_SECRET };
}

/** SECRET_HASH for a call that names the user as `username`. */
function hashFor(username: string): string {
  const { clientId, clientSecret } = appClient();
  return secretHash(username, clientId, clientSecret);
}

function unexpected(error: unknown, message: string): AppError {
  log.error('cognito call failed', { name: nameOf(error), message: error instanceof Error ? error.message : String(error) });
  return new Unavailable(message);
}

export type AccountStatus = 'confirmed' | 'unconfirmed' | 'other' | 'missing';

/**
 * Where an account stands, and its user id (Cognito's sub, which is also its username in a
 * pool that signs in by e-mail). `username` is an e-mail or a user id.
 */
export async function lookUpAccount(username: string): Promise<{ status: AccountStatus; userId?: string }> {
  try {
    const user = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: env().USER_POOL_ID, Username: username }));
    const userId = user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (user.Enabled === false) return { status: 'other', userId };
    if (user.UserStatus === 'CONFIRMED') return { status: 'confirmed', userId };
    return { status: user.UserStatus === 'UNCONFIRMED' ? 'unconfirmed' : 'other', userId };
  } catch (error) {
    if (nameOf(error) === 'UserNotFoundException') return { status: 'missing' };
    throw unexpected(error, M.genericAuth);
  }
}

export async function accountStatus(email: string): Promise<AccountStatus> {
  return (await lookUpAccount(email)).status;
}

/** Cognito's SignUp: a new unconfirmed user; answers its user id. */
async function signUpUser(email: string, password: string): Promise<string> {
  try {
    const { UserSub } = await cognitoClient().send(
      new SignUpCommand({
        ClientId: env().USER_POOL_CLIENT_ID,
        SecretHash: hashFor(email),
        Username: email,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    if (!UserSub) throw new Error('SignUp returned no user id');
    return UserSub;
  } catch (error) {
    switch (nameOf(error)) {
      case 'UsernameExistsException':
        throw new Conflict(M.alreadyRegistered, 'already_registered');
      case 'InvalidPasswordException':
        throw new BadRequest(M.checkForm, { password: M.passwordTooShort });
      case 'TooManyRequestsException':
      case 'LimitExceededException':
        throw new TooManyRequests(M.serviceSignUpRateLimit);
      case 'NotAuthorizedException':
        throw new Forbidden(M.signUpsDisabled, 'sign_ups_disabled');
      case 'UserLambdaValidationException':
        throw unexpected(error, M.databaseError);
      default:
        throw unexpected(error, M.signUpFailed);
    }
  }
}

/**
 * Creates an unconfirmed account with this password and answers its user id. An address
 * that is still unconfirmed gets a new account in place of the pending one: whoever signed
 * up before (perhaps with someone else's address) loses that password, and the links
 * e-mailed for the earlier sign-up stop working, since they name its user id.
 */
export async function registerPendingAccount(email: string, password: string): Promise<string> {
  try {
    return await signUpUser(email, password);
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    const pending = await lookUpAccount(email);
    if (pending.status !== 'unconfirmed' || !pending.userId) throw error;
    await deletePendingAccount(pending.userId);
    return await signUpUser(email, password);
  }
}

/** Removes an unconfirmed account (replaced by a newer sign-up, or left without its e-mail). */
export async function deletePendingAccount(userId: string): Promise<void> {
  // Checked again right before deleting, so a confirmation that just landed is never undone.
  if ((await lookUpAccount(userId)).status !== 'unconfirmed') return;
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: env().USER_POOL_ID, Username: userId }));
  } catch (error) {
    if (nameOf(error) !== 'UserNotFoundException') throw unexpected(error, M.signUpFailed);
  }
}

/** Deletes the identity whatever its state (Delete Account); already gone is done. */
export async function deleteIdentity(userId: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminDeleteUserCommand({ UserPoolId: env().USER_POOL_ID, Username: userId }));
  } catch (error) {
    if (nameOf(error) !== 'UserNotFoundException') throw unexpected(error, PROFILE_MESSAGES.deleteFailed);
  }
}

/**
 * Confirms the sign-up that made user `userId`; Cognito then runs the post-confirmation
 * trigger that creates the profile. 'superseded' when that sign-up was replaced by a newer
 * one for the address: its link must not confirm the newer account.
 */
export async function confirmAccount(userId: string, email: string): Promise<'confirmed' | 'superseded'> {
  const { USER_POOL_ID } = env();
  try {
    await cognitoClient().send(new AdminConfirmSignUpCommand({ UserPoolId: USER_POOL_ID, Username: userId }));
  } catch (error) {
    if (nameOf(error) === 'UserNotFoundException') return 'superseded';
    if (nameOf(error) === 'NotAuthorizedException') {
      const status = await accountStatus(userId);
      // A second click on a link whose first click confirmed the account is not an error.
      if (status === 'confirmed') return 'confirmed';
      // cognito-local answers NotAuthorized for a user that is gone.
      if (status === 'missing') return 'superseded';
    }
    throw unexpected(error, nameOf(error) === 'UserLambdaValidationException' ? M.databaseError : M.genericAuth);
  }
  await cognitoClient().send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: USER_POOL_ID,
      Username: userId,
      // Cognito wants the address beside the flag it verifies.
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  return 'confirmed';
}

/** A session as the server sees it: the page's tokens, the refresh token (kept for its cookie) and whose it is. */
export type IssuedSession = SessionTokens & { refreshToken: string; sub: string };

/** The session of a finished authentication (the refresh answers no refresh token: the one sent is kept). */
export function issuedSession(result: AuthenticationResultType | undefined, refreshToken?: string): IssuedSession {
  const idToken = result?.IdToken;
  const accessToken = result?.AccessToken;
  const refresh = result?.RefreshToken ?? refreshToken;
  if (!idToken || !accessToken || !refresh) throw new Unavailable('No user returned from sign in');
  const claims = decodeJwt(accessToken);
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + (result?.ExpiresIn ?? 3600) * 1000;
  return { idToken, accessToken, refreshToken: refresh, expiresAt, sub: String(claims.sub) };
}

/** The account has two-step sign-in on: Cognito wants the authenticator's code within this session. */
export interface MfaRequired {
  mfa: { session: string; username: string };
}

export async function authenticate(email: string, password: string): Promise<IssuedSession | MfaRequired> {
  try {
    const { AuthenticationResult, ChallengeName, Session, ChallengeParameters } = await cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: env().USER_POOL_CLIENT_ID,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password, SECRET_HASH: hashFor(email) },
      }),
    );
    // The challenge names the user by its username (the sub here), which the answer's SECRET_HASH must use.
    if (ChallengeName === 'SOFTWARE_TOKEN_MFA' && Session) return { mfa: { session: Session, username: ChallengeParameters?.USER_ID_FOR_SRP ?? email } };
    return issuedSession(AuthenticationResult);
  } catch (error) {
    if (error instanceof AppError) throw error;
    switch (nameOf(error)) {
      case 'NotAuthorizedException':
      case 'UserNotFoundException':
      case 'InvalidPasswordException': // cognito-local's answer to a wrong password
        throw new Unauthorized(M.invalidCredentials, 'invalid_credentials');
      case 'UserNotConfirmedException':
        throw new Forbidden(M.emailNotConfirmed, 'email_not_confirmed');
      case 'PasswordResetRequiredException':
        throw new Forbidden(M.genericAuth, 'password_reset_required');
      case 'TooManyRequestsException':
      case 'LimitExceededException':
        throw new TooManyRequests(M.serviceSignInRateLimit);
      default:
        throw unexpected(error, M.signInFailed);
    }
  }
}

/** `userId`: whose token it is (the sign-in record says); Cognito hashes a refresh with the user's username, its sub here. */
export async function refreshSession(refreshToken: string, userId: string): Promise<IssuedSession> {
  try {
    const { AuthenticationResult } = await cognitoClient().send(
      new InitiateAuthCommand({
        ClientId: env().USER_POOL_CLIENT_ID,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken, SECRET_HASH: hashFor(userId) },
      }),
    );
    return issuedSession(AuthenticationResult, refreshToken);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (['NotAuthorizedException', 'UserNotFoundException'].includes(nameOf(error)))
      throw new Unauthorized(M.sessionEnded, 'session_expired');
    throw unexpected(error, M.genericAuth);
  }
}

export async function revokeRefreshToken(refreshToken: string): Promise<void> {
  const { clientId, clientSecret } = appClient();
  try {
    await cognitoClient().send(new RevokeTokenCommand({ ClientId: clientId, ClientSecret: clientSecret, Token: refreshToken }));
  } catch (error) {
    // Signing out an already-invalid session is still signing out.
    log.warn('revoke token failed', { name: nameOf(error) });
  }
}

/**
 * Cognito's own "sign out everywhere": every refresh token of the account stops working.
 * cognito-local lacks the call; there the API's own cutoff (sessions.ts) does the job.
 */
export async function signOutEverywhere(userId: string): Promise<void> {
  try {
    await cognitoClient().send(new AdminUserGlobalSignOutCommand({ UserPoolId: env().USER_POOL_ID, Username: userId }));
  } catch (error) {
    const unsupportedLocally = nameOf(error) === 'Unsupported' && String((error as Error).message).startsWith('Cognito Local unsupported feature');
    if (!unsupportedLocally) throw unexpected(error, M.genericAuth);
  }
}

export async function setPassword(email: string, password: string): Promise<void> {
  try {
    await cognitoClient().send(
      new AdminSetUserPasswordCommand({ UserPoolId: env().USER_POOL_ID, Username: email, Password: password, Permanent: true }),
    );
  } catch (error) {
    if (nameOf(error) === 'InvalidPasswordException') throw new BadRequest(M.checkForm, { password: M.passwordTooShort });
    throw unexpected(error, M.resetFailed);
  }
}

/** Reaches the user pool (the health check's probe of the authentication service). */
export async function describeUserPool(): Promise<void> {
  await cognitoClient().send(new DescribeUserPoolCommand({ UserPoolId: env().USER_POOL_ID }));
}

/** Role groups mirror the profile's role so tokens carry it (cognito:groups) for AWS-side tools. */
export async function addToRoleGroup(username: string, role: Role): Promise<void> {
  await cognitoClient().send(new AdminAddUserToGroupCommand({ UserPoolId: env().USER_POOL_ID, Username: username, GroupName: role }));
}
