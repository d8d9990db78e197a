import { useState } from 'react';
import { RATINGS, REVIEW_MESSAGES, type Card, type Rating } from '#shared/review/review.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useDueCards, useRateCard } from '../api/cards-api.ts';
import styles from './spaced-repetition.module.css';
import { capitalise } from '@/lib/capitalise.ts';

const RATING_LABEL: Record<Rating, string> = { 1: 'Forgot', 2: 'Hard', 3: 'Good', 4: 'Easy' };
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });

/** Shown instead of the page to accounts without the spaced_repetition feature. */
export function SpacedRepetitionUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2 className={styles.gateTitle}>{REVIEW_MESSAGES.premiumRequired}</h2>
      <p className="muted">Questions you missed and bookmarked come back just before you would forget them.</p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

interface Scheduled {
  rating: Rating;
  nextReview: string;
  intervalDays: number;
}

/** /spaced-repetition: the due cards one at a time; Show Answer, then rate 1 to 4; the server schedules (SM-2). */
export function SpacedRepetitionPage() {
  const cards = useDueCards(true);
  const rate = useRateCard();
  const [position, setPosition] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [scheduled, setScheduled] = useState<Scheduled | null>(null);
  const [error, setError] = useState<string | null>(null);

  const card: Card | undefined = cards.data?.cards[position];
  const total = cards.data?.cards.length ?? 0;

  const onRate = (rating: Rating) => {
    if (!card || rate.isPending) return;
    setError(null);
    rate.mutate(
      { questionId: card.questionId, rating },
      {
        onSuccess: ({ nextReview, intervalDays }) => {
          setScheduled({ rating, nextReview, intervalDays });
          setRevealed(false);
          setPosition((p) => p + 1);
        },
        onError: (e) => setError(isApiError(e) ? e.message : 'The rating could not be saved. Please try again.'),
      },
    );
  };

  return (
    <div className={`page ${styles.page}`}>
      <LinkButton to="/dashboard" variant="link" className={styles.back}>
        ← Back to Dashboard
      </LinkButton>
      <h1 className="page__title">Spaced Repetition</h1>

      <div className={styles.status} role="status">
        {scheduled && (
          <p className={styles.scheduled}>
            Rated {scheduled.rating} ({RATING_LABEL[scheduled.rating]}): next review <time dateTime={scheduled.nextReview}>{dayFormat.format(new Date(scheduled.nextReview))}</time>, in {scheduled.intervalDays}{' '}
            {scheduled.intervalDays === 1 ? 'day' : 'days'}.
          </p>
        )}
      </div>

      {cards.isPending && <Spinner label="Loading your due cards…" />}
      {cards.isError && !cards.data && (
        <Alert tone="error">
          Failed to load your cards.{' '}
          <Button variant="link" onClick={() => void cards.refetch()}>
            Retry
          </Button>
        </Alert>
      )}

      {cards.data && !card && (
        <section className={`card ${styles.done}`} aria-labelledby="caught-up-title">
          <h2 id="caught-up-title" className={styles.doneTitle}>
            {REVIEW_MESSAGES.caughtUp}
          </h2>
          <p className="muted">No cards are due right now. Questions you miss in quizzes and questions you bookmark come back here when they are due.</p>
          <LinkButton to="/dashboard">Return to Dashboard</LinkButton>
        </section>
      )}

      {card && (
        <article className={`card ${styles.card}`} aria-labelledby="card-question">
          <p className={styles.meta}>
            <span>
              Card {position + 1} of {total}
            </span>
            <span>
              <span className="badge">{capitalise(card.subject)}</span> <span className="badge">{capitalise(card.level)}</span>
            </span>
          </p>
          <h2 id="card-question" className={styles.question}>
            {card.question}
          </h2>
          {!revealed ? (
            <Button onClick={() => setRevealed(true)}>Show Answer</Button>
          ) : (
            <>
              <p className={styles.answer}>
                <span className={styles.answerLabel}>Answer:</span> <strong>{card.correctAnswer}</strong>
              </p>
              {card.explanation && <p className="muted">{card.explanation}</p>}
              <fieldset className={styles.ratings}>
                <legend className={styles.legend}>How well did you remember it?</legend>
                {RATINGS.map((rating) => (
                  <Button key={rating} variant={rating >= 3 ? 'primary' : 'secondary'} disabled={rate.isPending} onClick={() => onRate(rating)} aria-label={`Rate ${rating}: ${RATING_LABEL[rating]}`}>
                    {rating} · {RATING_LABEL[rating]}
                  </Button>
                ))}
              </fieldset>
            </>
          )}
          {error && <Alert tone="error">{error}</Alert>}
        </article>
      )}
    </div>
  );
}
