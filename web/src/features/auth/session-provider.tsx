import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { connectivity } from '@/lib/connectivity.ts';
import { forgetAccountData } from '@/lib/query/create-query-client.ts';
import { accountChangeWatcher } from './account-change.ts';
import { signUpRequest } from './api/sign-up.ts';
import { sessionStore } from './session.ts';
import { SessionContext, type SessionContextValue } from './session-context.ts';
import type { SessionStore } from './session-store.ts';
import { SESSION_HINT_KEY } from './session-hint.ts';
import { useProfileQuery } from './use-profile-query.ts';

/**
 * Restores the session on load, follows other tabs, and exposes it through useSession().
 * Lives inside the router and the QueryClientProvider: when the account changes, the
 * cached server state of the one before is dropped.
 */
export function SessionProvider({ children, store = sessionStore }: { children: ReactNode; store?: SessionStore }) {
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useProfileQuery(store, state.profile);

  useEffect(() => {
    // Subscribed directly (not through a render), so the old account's data is gone before
    // anything renders for the next one.
    const seen = accountChangeWatcher(() => forgetAccountData(queryClient));
    const check = () => seen(store.getSnapshot().profile?.user_id ?? null);
    check();
    return store.subscribe(check);
  }, [store, queryClient]);

  useEffect(() => {
    void store.start();
  }, [store]);

  useEffect(() => {
    // A session that could not be looked up while offline is looked up again when the connection returns.
    return connectivity.onReconnect(() => {
      if (store.getSnapshot().status === 'signed-out') store.syncFromStorage();
    });
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
      answerMfa: (answer) => store.answerMfa(answer),
      signUp: async (credentials) => (await signUpRequest(credentials)).message,
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
