import { useEffect, useMemo, useRef, useState } from 'react';
import type { Profile } from '#shared/api.ts';
import { ROLE_HOME, TRIAL_DAYS } from '#shared/constants.ts';
import { defaultPlan, PLANS, type PlanId } from '#shared/plans.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { closeTab, openPendingTab, sendTab } from '../checkout-tab.ts';
import { formatDate, intentErrorMessage, membershipOf, planOptions, trialFailure } from '../plan-model.ts';
import { useRecordIntent, useStartTrial } from '../use-subscription-mutations.ts';
import { FeatureTable, PlanTable } from './comparison-tables.tsx';
import { PlanCards } from './plan-cards.tsx';
import { PlanPicker } from './plan-picker.tsx';
import { PremiumDialog, type PremiumDialogState } from './premium-dialog.tsx';
import { EarlyAccess, Faq, Guarantees, SpecialOffers } from './subscription-info.tsx';
import styles from './subscription-page.module.css';
import subSectionStyles from './sub-section.module.css';

type Pending = 'trial' | 'checkout' | null;
type Checkout = { url: string; opened: boolean } | null;

interface Props {
  profile: Profile;
}

/**
 * /subscription (docs/quiz.md): where the account stands, the trial, the plan
 * picker with checkout, comparisons, guarantees, offers, early access and the FAQ.
 */
export function SubscriptionView({ profile }: Props) {
  const membership = membershipOf(profile, new Date());
  const options = useMemo(() => planOptions(profile.email), [profile.email]);
  const [plan, setPlan] = useState<PlanId>(() => defaultPlan(profile.email));
  const trial = useStartTrial();
  const intent = useRecordIntent();
  const pending: Pending = trial.isPending ? 'trial' : intent.isPending ? 'checkout' : null;
  const [trialError, setTrialError] = useState<string | null>(null);
  const [checkoutError, setCheckoutError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<Checkout>(null);
  const [dialog, setDialog] = useState<PremiumDialogState>({ kind: 'closed' });
  const statusRef = useRef<HTMLParagraphElement>(null);
  const home = ROLE_HOME[profile.role];
  const premium = membership.kind === 'premium';
  const canStartTrial = membership.kind === 'free' && !membership.trialUsed;

  // The student plan is chosen for .edu accounts; if the address changes, fall back to an open plan.
  useEffect(() => setPlan(defaultPlan(profile.email)), [profile.email]);

  const dialogOpen = dialog.kind !== 'closed';
  const wasOpen = useRef(false);
  useEffect(() => {
    // The button that opened the dialog may be gone (the trial started): focus the status instead.
    if (wasOpen.current && !dialogOpen && !document.activeElement?.closest('main')) statusRef.current?.focus();
    wasOpen.current = dialogOpen;
  }, [dialogOpen]);

  async function startTrial() {
    if (pending) return;
    setTrialError(null);
    try {
      // Settles once the refreshed profile is in (the mutation's invalidation).
      const { profile: updated } = await trial.mutateAsync();
      setDialog({ kind: 'trial-started', endsAt: updated.metadata.trial_ends ?? '' });
    } catch (failure) {
      const outcome = trialFailure(failure);
      if (outcome.kind === 'trial-used') setDialog({ kind: 'waitlist', trialUsed: true });
      else setTrialError(outcome.message);
    }
  }

  async function subscribe() {
    if (pending) return;
    const tab = openPendingTab(); // now, inside the click, or popup blockers step in
    setCheckoutError(null);
    setCheckout(null);
    try {
      const { checkoutUrl } = await intent.mutateAsync(plan);
      setCheckout({ url: checkoutUrl, opened: sendTab(tab, checkoutUrl) });
    } catch (failure) {
      closeTab(tab);
      setCheckoutError(intentErrorMessage(failure));
    }
  }

  const chosen = PLANS[plan];

  return (
    <div className={`page ${styles.subscription}`}>
      <section className={styles['sub-hero']} aria-labelledby="subscription-title">
        <h1 id="subscription-title" className="page__title">
          Plans and Free Trial
        </h1>
        <p className={styles['sub-hero__status']} ref={statusRef} tabIndex={-1}>
          {membership.kind === 'premium' && (
            <>
              You have <strong>Premium</strong>
              {profile.role === 'admin' ? ' with your admin account' : ''}: every feature is open to you.
            </>
          )}
          {membership.kind === 'trial' && (
            <span className="badge badge--trial">Premium trial active until {formatDate(membership.endsAt)}</span>
          )}
          {membership.kind === 'free' && (
            <>
              You are on the <strong>Free</strong> plan.
              {membership.trialUsed && <> Your free trial has already been used.</>}
            </>
          )}
        </p>
        {membership.kind === 'trial' && <p className="muted">Subscribe to any plan below to keep Premium after your trial.</p>}
        {canStartTrial && (
          <div className={styles['sub-hero__trial']}>
            <p>
              Try every Premium feature free for <strong>{TRIAL_DAYS} days</strong>. No credit card needed; afterwards you go
              back to Free automatically.
            </p>
            <Button onClick={() => void startTrial()} loading={pending === 'trial'} disabled={pending !== null} className="btn--large">
              Start Free Trial
            </Button>
          </div>
        )}
        <FormMessage message={trialError} />
      </section>

      <PlanCards membership={membership} />

      <section className="sub-section" aria-labelledby="choose-title">
        <h2 id="choose-title" className={subSectionStyles['sub-section__title']}>
          {premium ? 'Your membership' : 'Choose your plan'}
        </h2>
        {premium ? (
          <div className={styles.checkout}>
            <p className={styles['member-badge']}>Active Premium Member</p>
            <p className={`muted ${styles.checkout__note}`}>Every Premium feature is already open to your account.</p>
          </div>
        ) : (
          <>
            <PlanPicker options={options} selected={plan} onSelect={setPlan} disabled={pending !== null} />
            <div className={styles.checkout}>
              <Button onClick={() => void subscribe()} loading={pending === 'checkout'} disabled={pending !== null} className="btn--large">
                Subscribe to {chosen.name}
              </Button>
              <p className={`muted ${styles.checkout__note}`}>Opens our payment provider&apos;s secure checkout in a new tab.</p>
              <FormMessage message={checkoutError} />
              <div className={styles.checkout__status} role="status">
                {checkout && (
                  <p>
                    {checkout.opened ? 'Secure checkout opened in a new tab.' : 'Your browser did not open a new tab.'}{' '}
                    <a href={checkout.url} target="_blank" rel="noopener noreferrer">
                      {checkout.opened ? 'Open it again' : 'Open secure checkout'}
                    </a>
                  </p>
                )}
              </div>
            </div>
          </>
        )}
      </section>

      <SpecialOffers />
      <PlanTable email={profile.email} />
      <FeatureTable />
      <Guarantees />
      <EarlyAccess onJoin={() => setDialog({ kind: 'waitlist', trialUsed: false })} disabled={pending !== null} />
      <Faq />

      <div className="actions">
        <LinkButton to={home} variant="secondary">
          Back to Dashboard
        </LinkButton>
      </div>

      <PremiumDialog state={dialog} email={profile.email} home={home} onClose={() => setDialog({ kind: 'closed' })} />
    </div>
  );
}
