import { TwoStepSetup } from '@/features/auth/components/two-step-setup.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/security` (any signed-in user): two-step sign-in with an authenticator app. */
export function SecurityPage() {
  const { profile } = useSession();
  useDocumentTitle('Two-step sign-in');
  if (!profile) return null;
  return (
    <div className="page page--narrow">
      <TwoStepSetup profile={profile} />
    </div>
  );
}
