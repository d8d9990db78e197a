import { messageResponseSchema, profileMessageResponseSchema, refreshResponseSchema, signInOutcomeSchema, signInResponseSchema, verifyResetResponseSchema } from '#shared/api.ts';
import { mfaSetupResponseSchema } from '#shared/validation/mfa.ts';
import type { RouteDefinition } from '../route-definition.ts';

/** Accounts and sessions: the entry points before a token exists, hence public, and the authenticator set-up. */
export const AUTH_ROUTES = [
  { method: 'POST', path: '/api/auth/sign-up', name: 'SignUp', entry: 'functions/auth/sign-up.ts', auth: 'public', response: messageResponseSchema },
  { method: 'POST', path: '/api/auth/confirm', name: 'ConfirmSignUp', entry: 'functions/auth/confirm-sign-up.ts', auth: 'public', response: messageResponseSchema },
  { method: 'POST', path: '/api/auth/sign-in', name: 'SignIn', entry: 'functions/auth/sign-in.ts', auth: 'public', response: signInOutcomeSchema },
  // Two-step sign-in: the authenticator's code at sign-in, and setting the app up.
  { method: 'POST', path: '/api/auth/sign-in/mfa', name: 'AnswerMfaChallenge', entry: 'functions/auth/answer-mfa-challenge.ts', auth: 'public', response: signInResponseSchema },
  { method: 'POST', path: '/api/auth/mfa/setup', name: 'StartMfaSetup', entry: 'functions/auth/start-mfa-setup.ts', auth: 'jwt', response: mfaSetupResponseSchema },
  { method: 'POST', path: '/api/auth/mfa/confirm', name: 'ConfirmMfaSetup', entry: 'functions/auth/confirm-mfa-setup.ts', auth: 'jwt', response: profileMessageResponseSchema },
  { method: 'POST', path: '/api/auth/refresh', name: 'RefreshSession', entry: 'functions/auth/refresh-session.ts', auth: 'public', response: refreshResponseSchema },
  { method: 'POST', path: '/api/auth/sign-out', name: 'SignOut', entry: 'functions/auth/sign-out.ts', auth: 'public', response: 'no-content' },
  { method: 'POST', path: '/api/auth/password-reset', name: 'RequestPasswordReset', entry: 'functions/auth/request-password-reset.ts', auth: 'public', response: messageResponseSchema },
  { method: 'POST', path: '/api/auth/password-reset/verify', name: 'VerifyPasswordReset', entry: 'functions/auth/verify-password-reset.ts', auth: 'public', response: verifyResetResponseSchema },
  { method: 'POST', path: '/api/auth/password-reset/confirm', name: 'ResetPassword', entry: 'functions/auth/reset-password.ts', auth: 'public', response: messageResponseSchema },
] as const satisfies readonly RouteDefinition[];

/** Cognito triggers, wired to the user pool in AWS and to cognito-local's Lambda client locally. */
export const COGNITO_TRIGGERS = {
  PostConfirmation: { name: 'PostConfirmation', entry: 'functions/auth/post-confirmation.ts' },
} as const;
