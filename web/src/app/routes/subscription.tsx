import { useSession } from '@/features/auth/use-session.ts';
import { SubscriptionView } from '@/features/subscription/components/subscription-page.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/subscription` (any signed-in user; the route guard sends others to /auth). */
export function SubscriptionPage() {
  const { profile } = useSession();
  useDocumentTitle('Plans');
  if (!profile) return null;
  return <SubscriptionView profile={profile} />;
}
