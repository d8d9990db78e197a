import { useEffect, useState } from 'react';
import { canUse } from '#shared/entitlements.ts';
import { Spinner } from '@/components/spinner.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { OfflinePage, OfflineUpgradeGate } from '@/features/offline/components/offline-page.tsx';
import { deviceUser } from '@/features/offline/offline-db.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/**
 * `/offline` (students with offline_mode; others see the upgrade gate). With no connection
 * the session cannot be looked up: the page then opens for the account that last used
 * offline mode on this device (app-layout lets it through only while offline with a session hint).
 */
export function OfflineRoute() {
  const { profile } = useSession();
  useDocumentTitle('Offline Quizzes');
  const [lastUser, setLastUser] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    if (profile) return;
    void deviceUser()
      .then(setLastUser)
      .catch(() => setLastUser(null));
  }, [profile]);

  if (profile) {
    if (!canUse(profile, 'offline_mode', new Date())) return <OfflineUpgradeGate />;
    return <OfflinePage userId={profile.user_id} signedIn />;
  }
  if (lastUser === undefined) return <Spinner page label="Loading your offline quizzes…" />;
  if (lastUser === null) return <p className="muted">No quizzes were downloaded on this device. Connect to the internet to sign in and download some.</p>;
  return <OfflinePage userId={lastUser} signedIn={false} />;
}
