import { useEffect } from 'react';
import { ROLE_HOME } from '#shared/constants.ts';
import { useSession } from '@/features/auth/use-session.ts';
import { ClosingCta } from '@/features/landing/components/closing-cta.tsx';
import { FeatureCards } from '@/features/landing/components/feature-cards.tsx';
import { HowItWorks } from '@/features/landing/components/how-it-works.tsx';
import { LandingHero, type MainAction } from '@/features/landing/components/landing-hero.tsx';
import { LandingPricing } from '@/features/landing/components/landing-pricing.tsx';
import { LandingStats } from '@/features/landing/components/landing-stats.tsx';
import { Testimonials } from '@/features/landing/components/testimonials.tsx';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { loadAuthScreen, prefetchWhenIdle } from '../lazy-pages.ts';
import styles from './landing.module.css';

/**
 * `/` (public; docs/quiz.md): hero, statistics, testimonials, pricing, features,
 * how it works and the closing call to action. Signed-in visitors are led to their dashboard
 * (and to /subscription for the trial); everyone else to /auth.
 */
export function LandingPage() {
  const { status, profile } = useSession();
  useDocumentTitle('');
  const signedIn = status === 'signed-in' && profile !== null;

  useEffect(() => {
    if (!signedIn) prefetchWhenIdle(loadAuthScreen);
  }, [signedIn]);

  const home = signedIn ? ROLE_HOME[profile.role] : '/auth';
  const main: MainAction = signedIn
    ? { to: home, label: 'Go to Dashboard' }
    : { to: '/auth', label: 'Get Started', onIntent: () => void loadAuthScreen() };

  return (
    <div className={styles.landing}>
      <LandingHero action={main} />
      <LandingStats />
      <Testimonials />
      <LandingPricing freeTarget={home} />
      <FeatureCards />
      <HowItWorks />
      <ClosingCta trialTarget={signedIn ? '/subscription' : '/auth'} />
    </div>
  );
}
