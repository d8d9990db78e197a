import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { RoundResult } from '#shared/quiz/contracts.ts';
import { scoreTier, type ScoreTier } from '#shared/quiz/score-tier.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { BookIcon, StarIcon, TrophyIcon } from '@/components/icons.tsx';
import { formatDuration, RESULT_TIER_MESSAGE } from '../format.ts';
import styles from './result-summary.module.css';

/** Gold trophy at 80% or more, blue star at 50% or more, otherwise a neutral book. */
function TierIcon({ tier }: { tier: ScoreTier }) {
  if (tier === 'gold') return <TrophyIcon size={36} />;
  if (tier === 'blue') return <StarIcon size={36} filled />;
  return <BookIcon size={36} />;
}

export interface ResultSummaryProps {
  result: RoundResult;
  /** The competition timer ran out before every question was answered. */
  timeUp: boolean;
  /** Premium, trial or admin: wrong answers can be reviewed with explanations. */
  canReview: boolean;
  dashboardPath: string;
  onReview(): void;
  onNewRound(): void;
  onRetrySame(): void;
  /** A friend challenge is played once: no new or repeated round, the way back to the challenge's result instead. */
  challenge?: boolean;
  /** Shown under Review Incorrect Answers (the app composes other features here, e.g. Add to Video Library). */
  extra?: ReactNode;
}

/** The completion summary: score, time, percentage, points, and what to do next. */
export function ResultSummary({ result, timeUp, canReview, dashboardPath, onReview, onNewRound, onRetrySame, challenge = false, extra }: ResultSummaryProps) {
  const tier = scoreTier(result.percentage);
  return (
    <div className={`${styles['quiz-result']} ${styles[`quiz-result--${tier}`] ?? ''}`}>
      <div className={styles['quiz-result__headline']}>
        <span className={styles['quiz-result__icon']}>
          <TierIcon tier={tier} />
        </span>
        <p className={styles['quiz-result__message']}>{RESULT_TIER_MESSAGE[tier]}</p>
      </div>
      {timeUp && <p className={styles['quiz-result__note']}>Time is up. Questions left unanswered count as incorrect.</p>}
      <dl className={styles['quiz-result__stats']}>
        <div>
          <dt>Score</dt>
          <dd>
            {result.score} / {result.total}
          </dd>
        </div>
        <div>
          <dt>Percentage</dt>
          <dd>{result.percentage}%</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{formatDuration(result.timeSpentMs)}</dd>
        </div>
        <div>
          <dt>Points earned</dt>
          <dd>+{result.points}</dd>
        </div>
      </dl>
      <div className={`actions ${styles['quiz-result__actions']}`}>
        {challenge ? (
          <LinkButton to="/friends?tab=challenges">View Challenge Result</LinkButton>
        ) : (
          <>
            <Button onClick={onNewRound}>Try New Questions</Button>
            <Button variant="secondary" onClick={onRetrySame}>
              Retry Same Questions
            </Button>
          </>
        )}
        <LinkButton to={dashboardPath} variant="ghost">
          Return to Dashboard
        </LinkButton>
      </div>
      {result.incorrect > 0 &&
        (canReview ? (
          <>
            <Button variant="secondary" block onClick={onReview}>
              Review Incorrect Answers
            </Button>
            {extra}
          </>
        ) : (
          <p className={styles['quiz-result__upsell']}>
            Want to see why? <Link to="/subscription">Start a free Premium trial</Link> to review your incorrect answers with explanations.
          </p>
        ))}
    </div>
  );
}
