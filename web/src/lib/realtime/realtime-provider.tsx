import { useEffect, useState, type ReactNode } from 'react';
import { useSession } from '@/features/auth/use-session.ts';
import { sessionStore } from '@/features/auth/session.ts';
import { RealtimeConnection } from './connection.ts';
import { RealtimeContext, type RealtimeContextValue } from './realtime-context.ts';

/** Same origin in both hosts: the local web server upgrades /ws, CloudFront routes /ws to the WebSocket API. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/**
 * One WebSocket per signed-in account, opened when the session is and closed at sign-out
 * (or when another account signs in). Mounted in the app shell, inside SessionProvider.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { status, profile } = useSession();
  const userId = status === 'signed-in' ? (profile?.user_id ?? null) : null;
  const [value, setValue] = useState<RealtimeContextValue | null>(null);

  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return undefined;
    const next = new RealtimeConnection({ url: realtimeUrl(), token: () => sessionStore.accessToken() });
    next.start();
    setValue({ connection: next, userId });
    return () => {
      next.stop();
      setValue((current) => (current?.connection === next ? null : current));
    };
  }, [userId]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
