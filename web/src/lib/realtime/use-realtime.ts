import { useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import type { ServerMessage, Topic } from '#shared/realtime/messages.ts';
import type { RealtimeStatus } from './connection.ts';
import { RealtimeContext } from './realtime-context.ts';

export interface RealtimeTopicOptions {
  /** Runs each time the connection (re)opens: refetch what may have been missed while it was not open. */
  onResync?: () => void;
}

/**
 * Listens to a topic on the shared connection while mounted (null: nothing). It is
 * subscribed again after every reconnect; the latest callbacks are used without
 * re-subscribing on each render.
 */
export function useRealtimeTopic(topic: Topic | null, onMessage: (message: ServerMessage) => void, options?: RealtimeTopicOptions): void {
  const connection = useContext(RealtimeContext)?.connection;
  const latest = useRef({ onMessage, onResync: options?.onResync });
  useEffect(() => {
    latest.current = { onMessage, onResync: options?.onResync };
  });

  useEffect(() => {
    if (!connection || !topic) return undefined;
    const stopListening = connection.listen(topic, (message) => latest.current.onMessage(message));
    const stopResync = connection.onResync(() => latest.current.onResync?.());
    return () => {
      stopListening();
      stopResync();
    };
  }, [connection, topic]);
}

const closed = (): RealtimeStatus => 'closed';
const noSubscription = () => () => undefined;

/** The shared connection's state ('closed' when signed out). */
export function useRealtimeStatus(): RealtimeStatus {
  const connection = useContext(RealtimeContext)?.connection;
  return useSyncExternalStore(connection ? connection.onStatus : noSubscription, connection ? () => connection.status : closed, closed);
}

/** The signed-in account's own topic (`user:<id>`: its notifications), or null when signed out. */
export function useOwnTopic(): Topic | null {
  const userId = useContext(RealtimeContext)?.userId;
  return userId ? `user:${userId}` : null;
}

const noOffset = (): number | null => null;

/** The server's clock minus this browser's, measured over the shared socket (null until measured or when signed out). */
export function useServerClockOffset(): number | null {
  const connection = useContext(RealtimeContext)?.connection;
  return useSyncExternalStore(connection ? connection.onClock : noSubscription, connection ? () => connection.serverOffsetMs : noOffset, noOffset);
}
