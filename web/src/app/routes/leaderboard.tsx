import { useSession } from '@/features/auth/use-session.ts';
import { LeaderboardPage as Board } from '@/features/leaderboard/components/leaderboard-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/leaderboard`: public; a signed-in viewer is marked on the board and can compare with a friend (?friend=). */
export function LeaderboardPage() {
  const { profile } = useSession();
  useDocumentTitle('Leaderboard');
  return <Board viewerId={profile?.user_id} />;
}
