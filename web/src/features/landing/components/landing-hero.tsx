import { Link } from 'react-router-dom';
import { LEVELS, SUBJECTS, TRIAL_DAYS } from '#shared/constants.ts';
import { LinkButton } from '@/components/button.tsx';
import styles from './landing-hero.module.css';

const subjectList = new Intl.ListFormat('en', { type: 'conjunction' }).format(SUBJECTS);

export interface MainAction {
  to: string;
  label: string;
  /** Warms the next route's chunk when the pointer approaches the button. */
  onIntent?: () => void;
}

/** The page's one h1, the pitch and the main button (Get Started, or Go to Dashboard when signed in). */
export function LandingHero({ action }: { action: MainAction }) {
  return (
    <section className={styles['landing-hero']} aria-labelledby="landing-title">
      <p className={styles['landing-hero__eyebrow']}>Learn by playing</p>
      <h1 id="landing-title" className={styles['landing-hero__title']}>
        QuizQuest
      </h1>
      <p className={styles['landing-hero__pitch']}>
        Quizzes in {subjectList} at {LEVELS.length} levels, from beginner to expert. Earn points, achievements and daily
        streaks as you learn.
      </p>
      <div className="actions actions--center">
        <LinkButton to={action.to} onPointerEnter={action.onIntent} className="btn--large">
          {action.label}
        </LinkButton>
        <Link to="/leaderboard" className={styles['landing-hero__link']}>
          See the leaderboard
        </Link>
      </div>
      <p className={styles['landing-hero__note']}>Free to start · No credit card · {TRIAL_DAYS}-day Premium trial</p>
    </section>
  );
}
