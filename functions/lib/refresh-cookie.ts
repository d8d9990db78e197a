import * as z from 'zod';
import type { HttpEvent } from './http.ts';

/** A refresh token as it arrives in its cookie: Cognito's tokens are dot-separated base64url. */
const refreshTokenSchema = z.string().regex(/^[\w.-]{1,4096}$/);

/**
 * The refresh token travels only in this cookie: HttpOnly so no script (an XSS included)
 * can read it, Secure, SameSite=Strict so no other site can make the browser send it, and
 * scoped to /api/auth so it goes nowhere but the refresh and sign-out endpoints.
 */
export const REFRESH_COOKIE = 'qq_refresh';
const PATH = '/api/auth';

/** As long as the user pool client keeps refresh tokens valid (infra/stacks/auth-stack.ts). */
export const REFRESH_TOKEN_DAYS = 30;

const attributes = (maxAgeSeconds: number) => `Path=${PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; Secure; SameSite=Strict`;

export function refreshCookie(refreshToken: string): string {
  return `${REFRESH_COOKIE}=${refreshToken}; ${attributes(REFRESH_TOKEN_DAYS * 24 * 60 * 60)}`;
}

/** Tells the browser to forget the cookie (sign-out, or a token the server refused). */
export function clearedRefreshCookie(): string {
  return `${REFRESH_COOKIE}=; ${attributes(0)}`;
}

/** The refresh token from the request's cookies (payload 2.0 lists them in `event.cookies`); undefined if absent or malformed. */
export function readRefreshCookie(event: HttpEvent): string | undefined {
  const prefix = `${REFRESH_COOKIE}=`;
  const value = event.cookies?.find((cookie) => cookie.trim().startsWith(prefix))?.trim().slice(prefix.length);
  const parsed = refreshTokenSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
