import { useQuery } from '@tanstack/react-query';
import { sessionKeys } from '@/features/auth/api/query-keys.ts';
import { sessionStore } from '@/features/auth/session.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { ParentLinksCard } from '@/features/parent-dashboard/components/parent-links-card.tsx';
import { ProfileView } from '@/features/profile/components/profile-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/**
 * `/profile` (students). Opening it asks for the stored profile again (a plan or name may
 * have changed in another tab), through the session's own query, so the header and the page
 * agree; until it answers, and if it fails, the profile the session holds is shown. After
 * Delete Account the session ends and the landing page opens.
 */
export function ProfileRoute() {
  const { profile, signOut } = useSession();
  useDocumentTitle('Profile');
  const fresh = useQuery({
    queryKey: sessionKeys.profile(profile?.user_id ?? null),
    queryFn: () => sessionStore.refreshProfile(),
    enabled: profile !== null,
    refetchOnMount: 'always',
  });
  if (!profile) return null;
  return (
    <>
      <ProfileView profile={profile} onDeleted={signOut} loadFailed={fresh.isError && !fresh.isFetching} onRetryLoad={() => void fresh.refetch()} />
      {/* Parents who asked to follow the student, or follow them: Accept, Decline, Remove. */}
      <div className="page--narrow" style={{ marginTop: '1.25rem' }}>
        <ParentLinksCard />
      </div>
    </>
  );
}
