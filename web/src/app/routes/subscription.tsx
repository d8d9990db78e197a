import { ROLE_HOME, TRIAL_DAYS } from '#shared/constants.ts';
import { LinkButton } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

/** `/subscription` (signed-in users only): the plan you are on; upgrading arrives later. */
export function SubscriptionPage() {
  const { profile } = useSession();
  useDocumentTitle('Plans');
  if (!profile) return null;
  const premium = profile.subscription_status === 'premium' || profile.metadata.trial_active === true;

  return (
    <div className="page page--narrow">
      <Card title="Plans and Free Trial" level={1}>
        <p>
          You are on the <strong>{premium ? 'Premium' : 'Free'}</strong> plan.
        </p>
        <p>
          Premium, with a {TRIAL_DAYS}-day free trial and no credit card to start, can be started here in an upcoming
          release.
        </p>
        <div className="actions">
          <LinkButton to={ROLE_HOME[profile.role]} variant="secondary">
            Back to Dashboard
          </LinkButton>
        </div>
      </Card>
    </div>
  );
}
