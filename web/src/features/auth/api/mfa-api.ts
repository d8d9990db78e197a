import { profileMessageResponseSchema } from '#shared/api.ts';
import { mfaSetupResponseSchema } from '#shared/validation/mfa.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** Two-step sign-in set-up: a new authenticator secret, then its first code to turn it on. */

export const startMfaSetupRequest = (client: ApiClient = api) =>
  client.request('/api/auth/mfa/setup', { method: 'POST', body: {}, auth: true, schema: mfaSetupResponseSchema });

export const confirmMfaSetupRequest = (code: string, client: ApiClient = api) =>
  client.request('/api/auth/mfa/confirm', { method: 'POST', body: { code }, auth: true, schema: profileMessageResponseSchema });
