import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { signUpRequest } from './api/sign-up.ts';
import { sessionStore } from './session.ts';
import { SessionContext, type SessionContextValue } from './session-context.ts';
import type { SessionStore } from './session-store.ts';
import { SESSION_HINT_KEY } from './session-hint.ts';

/** Restores the session on load, follows other tabs, and exposes it through useSession(). Lives inside the router. */
export function SessionProvider({ children, store = sessionStore }: { children: ReactNode; store?: SessionStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const navigate = useNavigate();

  useEffect(() => {
    void store.start();
  }, [store]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === SESSION_HINT_KEY) store.syncFromStorage();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [store]);

  const value = useMemo<SessionContextValue>(
    () => ({
      status: state.status,
      profile: state.profile,
      signIn: (credentials) => store.signIn(credentials),
      signUp: async (credentials) => (await signUpRequest(credentials)).message,
      refreshProfile: () => store.refreshProfile(),
      signOut: async () => {
        const revoking = store.signOut(); // local state is cleared before this yields
        navigate('/', { replace: true });
        await revoking;
      },
    }),
    [state, store, navigate],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
