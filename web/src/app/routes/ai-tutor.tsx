import { canUse } from '#shared/entitlements.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { AiTutorPage, AiTutorUpgradeGate } from '@/features/ai-tutor/components/ai-tutor-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/ai-tutor` (students with ai_tutor_chat; others see the premium gate's description). */
export function AiTutorRoute() {
  const { profile } = useSession();
  useDocumentTitle('AI Tutor');
  if (!profile) return null;
  if (!canUse(profile, 'ai_tutor_chat', new Date())) return <AiTutorUpgradeGate />;
  return <AiTutorPage />;
}
