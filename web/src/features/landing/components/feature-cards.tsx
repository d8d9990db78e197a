import type { PremiumFeature } from '#shared/entitlements.ts';
import type { ReactNode } from 'react';
import { ChartIcon, ChatIcon, GroupIcon, PathIcon, PlayIcon, TrophyIcon } from '@/components/icons.tsx';
import landingSectionStyles from './landing-section.module.css';
import styles from './feature-cards.module.css';

/** Six of the premium features (shared/entitlements.ts), as the landing page presents them. */
const FEATURES: { feature: PremiumFeature; title: string; text: string; icon: ReactNode }[] = [
  {
    feature: 'ai_tutor_chat',
    title: 'AI tutor',
    text: 'Ask about any question and get a clear, step-by-step explanation whenever you are stuck.',
    icon: <ChatIcon />,
  },
  {
    feature: 'detailed_analytics',
    title: 'Analytics & reports',
    text: 'See your strong and weak topics, follow your trends and export a progress report.',
    icon: <ChartIcon />,
  },
  {
    feature: 'live_competitions',
    title: 'Live tournaments',
    text: 'Race the clock against other students and climb the leaderboard.',
    icon: <TrophyIcon />,
  },
  {
    feature: 'video_explanations',
    title: 'Video explanations',
    text: 'Short explanations of the questions you missed, to watch at your own pace.',
    icon: <PlayIcon />,
  },
  {
    feature: 'study_groups',
    title: 'Study groups',
    text: 'Learn with classmates, share goals and keep each other on track.',
    icon: <GroupIcon />,
  },
  {
    feature: 'adaptive_learning',
    title: 'Adaptive learning',
    text: 'Questions that follow your level, so you are always challenged and never stuck.',
    icon: <PathIcon />,
  },
];

export function FeatureCards() {
  return (
    <section className="landing-section" aria-labelledby="features-title">
      <h2 id="features-title" className={landingSectionStyles['landing-section__title']}>
        Everything you need to learn faster
      </h2>
      <ul className={styles['feature-cards']}>
        {FEATURES.map((item) => (
          <li key={item.feature} className={styles['feature-card']}>
            <span className={styles['feature-card__icon']}>{item.icon}</span>
            <h3 className={styles['feature-card__title']}>{item.title}</h3>
            <p className={styles['feature-card__text']}>{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
