import { api, isApiError } from '@/lib/api-client.ts';
import { browserStorage } from '@/lib/storage.ts';
import { answerMfaRequest, meRequest, refreshRequest, signInRequest, signOutRequest } from './api/session-api.ts';
import { SessionStore, type FailureKind, type SessionApi } from './session-store.ts';
import { storageSessionHint } from './session-hint.ts';

/** Sorts a failed call for the session: see FailureKind. */
export function classifyFailure(error: unknown): FailureKind {
  if (!isApiError(error)) return 'failed';
  if (error.retryable) return 'unreachable';
  if (error.status === 400 || error.status === 401 || error.status === 403) return 'refused';
  return 'failed';
}

const sessionApi: SessionApi = {
  signIn: (credentials) => signInRequest(credentials),
  answerMfa: (answer) => answerMfaRequest(answer),
  refresh: () => refreshRequest(),
  signOut: () => signOutRequest(),
  me: () => meRequest(),
  classify: classifyFailure,
};

/** The page's one session, wired to the browser: a localStorage hint, real timers, the app's API client. */
export const sessionStore = new SessionStore({
  api: sessionApi,
  hint: storageSessionHint(browserStorage()),
  clock: {
    now: () => Date.now(),
    setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    sleep: (ms) => new Promise((resolve) => globalThis.setTimeout(resolve, ms)),
  },
});

api.setAuth(sessionStore);
