import { useQuery } from '@tanstack/react-query';
import type { Profile } from '#shared/api.ts';
import { sessionKeys } from './api/query-keys.ts';
import type { SessionStore } from './session-store.ts';

/**
 * GET /api/me as a query, so any mutation that changes the account (the trial) refreshes
 * the profile by invalidating QUERY_ROOTS.me. The store stays the one holder of the
 * profile, because it must agree with the tokens (a late answer for a session that has
 * ended is dropped there); the query only decides when to ask again, and asks through it.
 */
export function useProfileQuery(store: SessionStore, profile: Profile | null): void {
  useQuery({
    queryKey: sessionKeys.profile(profile?.user_id ?? null),
    queryFn: () => store.refreshProfile(),
    enabled: profile !== null,
    // Sign-in and restore have just fetched it: fresh until a mutation says otherwise.
    initialData: profile ?? undefined,
    staleTime: Infinity,
  });
}
