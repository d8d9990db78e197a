import { api, isApiError } from '@/lib/api-client.ts';
import { browserStorage } from '@/lib/storage.ts';
import { meRequest, refreshRequest, signInRequest, signOutRequest } from './api/session-api.ts';
import { SessionStore, type FailureKind, type SessionApi } from './session-store.ts';
import { storageTokenVault } from './token-vault.ts';

/** Sorts a failed call for the session: see FailureKind. */
export function classifyFailure(error: unknown): FailureKind {
  if (!isApiError(error)) return 'failed';
  if (error.retryable) return 'unreachable';
  if (error.status === 400 || error.status === 401 || error.status === 403) return 'refused';
  return 'failed';
}

const sessionApi: SessionApi = {
  signIn: (credentials) => signInRequest(credentials),
  refresh: (refreshToken) => refreshRequest(refreshToken),
  signOut: (refreshToken) => signOutRequest(refreshToken),
  me: () => meRequest(),
  classify: classifyFailure,
};

/** The page's one session, wired to the browser: localStorage, real timers, the app's API client. */
export const sessionStore = new SessionStore({
  api: sessionApi,
  vault: storageTokenVault(browserStorage()),
  clock: {
    now: () => Date.now(),
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    sleep: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
  },
});

api.setAuth(sessionStore);
