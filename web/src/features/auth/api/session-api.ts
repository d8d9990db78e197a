import { meResponseSchema, refreshResponseSchema, signInOutcomeSchema, signInResponseSchema } from '#shared/api.ts';
import type { Credentials } from '#shared/validation/auth.ts';
import type { MfaAnswer } from '#shared/validation/mfa.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** The calls behind the session: sign-in, token refresh, sign-out and the profile lookup. */

/** The tokens and profile, or, for an account with two-step sign-in on, the challenge its app's code answers. */
export const signInRequest = (credentials: Credentials, client: ApiClient = api) =>
  client.request('/api/auth/sign-in', { method: 'POST', body: credentials, schema: signInOutcomeSchema });

/** The authenticator app's code for the challenge: the tokens and profile, 400 for a wrong code, 401 when the challenge is over. */
export const answerMfaRequest = (answer: MfaAnswer, client: ApiClient = api) =>
  client.request('/api/auth/sign-in/mfa', { method: 'POST', body: answer, schema: signInResponseSchema });

/** The browser sends the HttpOnly refresh cookie itself (same origin, Path=/api/auth). */
export const refreshRequest = (client: ApiClient = api) =>
  client.request('/api/auth/refresh', { method: 'POST', body: {}, schema: refreshResponseSchema });

/** 204 on success; the cookie's refresh token is revoked so the session cannot be renewed, and the cookie cleared. */
export const signOutRequest = (client: ApiClient = api) => client.request('/api/auth/sign-out', { method: 'POST', body: {} });

export const meRequest = (client: ApiClient = api) => client.request('/api/me', { auth: true, schema: meResponseSchema });
