import { messageResponseSchema } from '#shared/api.ts';
import type { Credentials } from '#shared/validation/auth.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** 201 with a message; the account stays unconfirmed until the e-mailed link is opened. */
export const signUpRequest = (credentials: Credentials, client: ApiClient = api) =>
  client.request('/api/auth/sign-up', { method: 'POST', body: credentials, schema: messageResponseSchema });

/** The `/auth?confirm=<token>` link: 200 with a message, or 410 link_expired / link_used / link_unknown. */
export const confirmEmailRequest = (token: string, client: ApiClient = api) =>
  client.request('/api/auth/confirm', { method: 'POST', body: { token }, schema: messageResponseSchema });
