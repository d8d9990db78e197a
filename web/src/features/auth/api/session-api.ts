import { meResponseSchema, refreshResponseSchema, signInResponseSchema } from '#shared/api.ts';
import type { Credentials } from '#shared/validation/auth.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** The calls behind the session: sign-in, token refresh, sign-out and the profile lookup. */

export const signInRequest = (credentials: Credentials, client: ApiClient = api) =>
  client.request('/api/auth/sign-in', { method: 'POST', body: credentials, schema: signInResponseSchema });

/** The browser sends the HttpOnly refresh cookie itself (same origin, Path=/api/auth). */
export const refreshRequest = (client: ApiClient = api) =>
  client.request('/api/auth/refresh', { method: 'POST', body: {}, schema: refreshResponseSchema });

/** 204 on success; the cookie's refresh token is revoked so the session cannot be renewed, and the cookie cleared. */
export const signOutRequest = (client: ApiClient = api) => client.request('/api/auth/sign-out', { method: 'POST', body: {} });

export const meRequest = (client: ApiClient = api) => client.request('/api/me', { auth: true, schema: meResponseSchema });
