import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ServerMessage } from '#shared/realtime/messages.ts';
import { useOwnTopic, useRealtimeStatus, useRealtimeTopic } from './use-realtime.ts';

export interface PushedRefresh<F = number | false> {
  /** For useQuery: no timer while the socket is open (pushes say when), the fallback while it is not. */
  refetchInterval: F | false;
  /** A focus refetch only adds what a push would already have said while the socket is open. */
  refetchOnWindowFocus: boolean;
}

/** The poll a screen needs: none while pushes arrive, its old interval while the socket is down. */
export function fallbackPolling<F>(live: boolean, fallback: F): PushedRefresh<F> {
  return { refetchInterval: live ? false : fallback, refetchOnWindowFocus: !live };
}

/**
 * A query kept fresh by the account's own topic: `changed` says which messages make it out of
 * date (it is then refetched at once), and after every (re)connect it is refetched for what a
 * closed socket missed. Spread the result into useQuery's options.
 */
export function usePushedRefresh<F>(queryKey: QueryKey, changed: (message: ServerMessage) => boolean, fallback: F): PushedRefresh<F> {
  const queryClient = useQueryClient();
  const live = useRealtimeStatus() === 'open';
  useRealtimeTopic(
    useOwnTopic(),
    (message) => {
      // Several screens may listen for one query: the first refetch serves them all.
      if (changed(message)) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    },
    { onResync: () => void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false }) },
  );
  return fallbackPolling(live, fallback);
}
