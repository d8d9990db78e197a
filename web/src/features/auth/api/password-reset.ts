import { messageResponseSchema, verifyResetResponseSchema } from '#shared/api.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** 202 with the same message whether or not the account exists. */
export const requestPasswordReset = (email: string, client: ApiClient = api) =>
  client.request('/api/auth/password-reset', { method: 'POST', body: { email }, schema: messageResponseSchema });

/** Checks a reset link without using it up: 200 with the account's e-mail, or 410. */
export const verifyResetLink = (token: string, client: ApiClient = api) =>
  client.request('/api/auth/password-reset/verify', { method: 'POST', body: { token }, schema: verifyResetResponseSchema });

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

/** Sets the new password and uses the link up: 200 with a message, 410 for a refused link, 400 with fields. */
export const resetPasswordRequest = (input: ResetPasswordInput, client: ApiClient = api) =>
  client.request('/api/auth/password-reset/confirm', { method: 'POST', body: input, schema: messageResponseSchema });

/** Codes of a refused e-mailed link (confirmation or reset); superseded: a later sign-up or password reset ended it. */
export const LINK_ERROR_CODES = ['link_expired', 'link_used', 'link_unknown', 'link_superseded'] as const;
export type LinkErrorCode = (typeof LINK_ERROR_CODES)[number];
export const isLinkErrorCode = (code: string): code is LinkErrorCode => (LINK_ERROR_CODES as readonly string[]).includes(code);
