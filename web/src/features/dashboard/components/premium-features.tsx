import type { ReactNode } from 'react';
import type { Profile } from '#shared/api.ts';
import { canUse, type PremiumFeature } from '#shared/entitlements.ts';
import type { PremiumUsage } from '#shared/premium-usage.ts';
import { nounFor } from '#shared/text/counts.ts';
import { LinkButton } from '@/components/button.tsx';
import { AdaptiveIcon, ChartIcon, CheckIcon, GroupIcon, LockIcon, TrophyIcon, TutorIcon, VideoIcon } from '@/components/icons.tsx';
import { usePremiumUsage } from '../api/get-premium-usage.ts';
import styles from './premium-features.module.css';

interface ShowcaseFeature {
  title: string;
  description: string;
  to: string;
  feature: PremiumFeature;
  Icon(props: { size?: number }): ReactNode;
}

const FEATURES: readonly ShowcaseFeature[] = [
  { title: 'AI Personal Tutor', description: 'Ask questions and get step-by-step help on any topic.', to: '/ai-tutor', feature: 'ai_tutor_chat', Icon: TutorIcon },
  { title: 'Advanced Analytics and Reports', description: 'Track accuracy, speed and consistency and get progress reports.', to: '/progress-reports', feature: 'progress_reports', Icon: ChartIcon },
  { title: 'Live Tournaments', description: 'Compete with other students in real time.', to: '/live-competitions', feature: 'live_competitions', Icon: TrophyIcon },
  { title: 'AI Video Explanations', description: 'Short videos that explain the questions you missed.', to: '/video-explanations', feature: 'video_explanations', Icon: VideoIcon },
  { title: 'Study Groups', description: 'Learn together with friends and classmates.', to: '/study-groups', feature: 'study_groups', Icon: GroupIcon },
  { title: 'Adaptive Learning', description: 'Questions that follow your level as you improve.', to: '/adaptive', feature: 'adaptive_learning', Icon: AdaptiveIcon },
];

/** The four Premium counters (docs/quiz.md), worded for their number ("1 study group you are in"). */
const COUNTERS: readonly { key: keyof PremiumUsage; label: (n: number) => string }[] = [
  { key: 'study_guides', label: (n) => `${nounFor(n, 'study guide')} in the library` },
  { key: 'reports', label: (n) => `progress ${nounFor(n, 'report')} sent` },
  { key: 'groups', label: (n) => `${nounFor(n, 'study group')} you are in` },
  { key: 'tournaments', label: (n) => `live ${nounFor(n, 'tournament')} still to come this week` },
];

/** The counters from stored data; while loading or on failure the panel simply goes without them. */
function UsageCounters() {
  const usage = usePremiumUsage();
  if (!usage.data) return null;
  const data = usage.data;
  return (
    <dl className={styles.counters} aria-label="Premium in numbers">
      {COUNTERS.map(({ key, label }) => (
        <div key={key} className={styles.counter}>
          <dt className={styles.counter__label}>{label(data[key])}</dt>
          <dd className={styles.counter__value}>{data[key].toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

const BENEFITS = ['Unlimited everything', 'Priority support', 'Early access to new features', 'Exclusive tournaments'];

/** The premium features showcase (docs/quiz.md): six features with Try Now, the counters, and the benefits. */
export function PremiumFeatures({ profile, now = new Date() }: { profile: Profile; now?: Date }) {
  return (
    <section className="card premium-features" aria-labelledby="premium-features-title">
      <h2 id="premium-features-title" className="card__title">
        Premium Features
      </h2>
      <ul className={styles['feature-grid']}>
        {FEATURES.map(({ title, description, to, feature, Icon }) => {
          const included = canUse(profile, feature, now);
          return (
            <li key={to} className={styles.feature}>
              <span className={styles.feature__icon}>
                <Icon size={24} />
              </span>
              <h3 className={styles.feature__title}>{title}</h3>
              <p className={styles.feature__description}>{description}</p>
              <p className={`${styles.feature__access} ${styles[`feature__access--${included ? 'included' : 'premium'}`] ?? ''}`}>
                {included ? <CheckIcon size={14} /> : <LockIcon size={14} />} {included ? 'Included in your plan' : 'Premium'}
              </p>
              <LinkButton to={to} variant="secondary" className={styles.feature__cta}>
                Try Now <span className="visually-hidden">{title}</span>
              </LinkButton>
            </li>
          );
        })}
      </ul>
      <UsageCounters />
      <h3 className={styles['premium-features__subtitle']}>Premium benefits</h3>
      <ul className={`checklist ${styles['premium-features__benefits']}`}>
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
    </section>
  );
}
