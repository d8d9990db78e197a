import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { VideoLibraryPage, VideoLibraryUpgradeGate } from '@/features/video-library/components/video-library-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/video-explanations` (students with video_explanations; others see the upgrade gate). */
export function VideoExplanationsRoute() {
  const { profile } = useSession();
  useDocumentTitle('Video Explanations');
  if (!profile) return null;
  if (!canUse(profile, 'video_explanations', new Date())) return <VideoLibraryUpgradeGate />;
  return <VideoLibraryPage />;
}
