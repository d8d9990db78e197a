import { useEffect, useState, type ReactNode } from 'react';
import { RealtimeConnection } from './connection.ts';
import { RealtimeContext, type RealtimeContextValue } from './realtime-context.ts';

/** Same origin in both hosts: the local web server upgrades /ws, CloudFront routes /ws to the WebSocket API. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/**
 * One WebSocket per signed-in account, opened when the session is and closed at sign-out
 * (or when another account signs in). The session is the app's to give (app/session-realtime.tsx):
 * lib/ knows no feature, so the signed-in user and the token come in as props; pass a stable
 * `token` (a new function opens a new socket).
 */
export function RealtimeProvider({ userId, token, children }: { userId: string | null; token: () => Promise<string | null>; children: ReactNode }) {
  const [value, setValue] = useState<RealtimeContextValue | null>(null);

  useEffect(() => {
    if (!userId || typeof WebSocket === 'undefined') return undefined;
    const next = new RealtimeConnection({ url: realtimeUrl(), token });
    next.start();
    setValue({ connection: next, userId });
    return () => {
      next.stop();
      setValue((current) => (current?.connection === next ? null : current));
    };
  }, [userId, token]);

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
