import type { ReactNode } from 'react';
import type { Profile } from '#shared/api.ts';
import { canUse, type PremiumFeature } from '#shared/entitlements.ts';
import { LinkButton } from '@/components/button.tsx';
import { AdaptiveIcon, ChartIcon, CheckIcon, GroupIcon, LockIcon, TrophyIcon, TutorIcon, VideoIcon } from '@/components/icons.tsx';
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

const BENEFITS = ['Unlimited everything', 'Priority support', 'Early access to new features', 'Exclusive tournaments'];

/** The premium features showcase (1-core §2): six features with Try Now, and the benefits. */
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
      <h3 className={styles['premium-features__subtitle']}>Premium benefits</h3>
      <ul className={`checklist ${styles['premium-features__benefits']}`}>
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
    </section>
  );
}
