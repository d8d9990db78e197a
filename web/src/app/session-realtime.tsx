import type { ReactNode } from 'react';
import { sessionStore } from '@/features/auth/session.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { RealtimeProvider } from '@/lib/realtime/realtime-provider.tsx';

/** Module-level, so the provider sees one function for the page's life and keeps its socket. */
const accessToken = () => sessionStore.accessToken();

/** The realtime socket follows the session: the app joins the auth feature to lib/realtime here. Inside SessionProvider. */
export function SessionRealtime({ children }: { children: ReactNode }) {
  const { status, profile } = useSession();
  const userId = status === 'signed-in' ? (profile?.user_id ?? null) : null;
  return (
    <RealtimeProvider userId={userId} token={accessToken}>
      {children}
    </RealtimeProvider>
  );
}
