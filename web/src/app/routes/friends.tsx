import { useSession } from '@/features/auth/use-session.ts';
import { ActivityFeed, useFeedCount } from '@/features/feed/components/activity-feed.tsx';
import { FriendsPage } from '@/features/friends/components/friends-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/friends` (students; `?tab=challenges` opens the challenges tab). */
export function FriendsRoute() {
  const { profile } = useSession();
  useDocumentTitle('Friends');
  const feedCount = useFeedCount();
  if (!profile) return null;
  return <FriendsPage viewerId={profile.user_id} activityFeed={{ content: <ActivityFeed viewerId={profile.user_id} title="Activity Feed" />, count: feedCount }} />;
}
