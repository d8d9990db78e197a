import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { LEVELS, ROLE_HOME, SUBJECTS, TRIAL_DAYS } from '#shared/constants.ts';
import { LinkButton } from '@/components/button.tsx';
import { useSession } from '@/features/auth/use-session.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';
import { loadAuthScreen, prefetchWhenIdle } from '../lazy-pages.ts';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `/`: what QuizQuest is, and the one button that leads on (sign-in, or your dashboard). */
export function LandingPage() {
  const { status, profile } = useSession();
  useDocumentTitle('');
  const signedIn = status === 'signed-in' && profile !== null;

  useEffect(() => {
    if (!signedIn) prefetchWhenIdle(loadAuthScreen);
  }, [signedIn]);

  return (
    <div className="hero">
      <p className="hero__eyebrow">Learn by playing</p>
      <h1 className="hero__title">QuizQuest</h1>
      <p className="hero__pitch">
        Quizzes in geography, history and religion at three levels: earn points, achievements and daily streaks as you
        learn.
      </p>
      <div className="actions actions--center">
        {signedIn ? (
          <LinkButton to={ROLE_HOME[profile.role]}>Go to Dashboard</LinkButton>
        ) : (
          <LinkButton to="/auth" onPointerEnter={() => void loadAuthScreen()}>
            Get Started
          </LinkButton>
        )}
        <Link to="/leaderboard" className="hero__link">
          See the leaderboard
        </Link>
      </div>
      <ul className="hero__facts" aria-label="At a glance">
        <li>
          <strong>{SUBJECTS.length} subjects</strong>
          <span>{SUBJECTS.map(capitalise).join(' · ')}</span>
        </li>
        <li>
          <strong>{LEVELS.length} levels</strong>
          <span>{LEVELS.map(capitalise).join(' · ')}</span>
        </li>
        <li>
          <strong>Free to start</strong>
          <span>No credit card · {TRIAL_DAYS}-day Premium trial</span>
        </li>
      </ul>
    </div>
  );
}
