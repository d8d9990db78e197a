import { useSession } from '@/features/auth/use-session.ts';
import { ProfileView } from '@/features/profile/components/profile-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/profile` (students). After Delete Account the session ends and the landing page opens. */
export function ProfileRoute() {
  const { profile, signOut } = useSession();
  useDocumentTitle('Profile');
  if (!profile) return null;
  return <ProfileView profile={profile} onDeleted={signOut} />;
}
