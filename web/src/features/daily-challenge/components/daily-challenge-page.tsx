import { useEffect, useRef } from 'react';
import { Alert } from '@/components/alert.tsx';
import { StarIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { LETTERS, optionForKey } from '../daily-view.ts';
import { useDailyPlay, type Feedback } from '../use-daily-play.ts';
import { CompletionScreen } from './completion-screen.tsx';
import styles from './daily-challenge-page.module.css';

function FeedbackText({ feedback }: { feedback: Feedback | null }) {
  if (!feedback) return null;
  return feedback.correct ? (
    <p className={styles['feedback--correct']}>
      <span aria-hidden="true">✓ </span>Correct!
    </p>
  ) : (
    <p className={styles['feedback--incorrect']}>
      <span aria-hidden="true">✗ </span>Incorrect. The answer was {feedback.correctAnswer}
    </p>
  );
}

/**
 * `/daily-challenge/{id}` (docs/social.md): one question at a time with lettered options, a
 * progress bar and the bonus on offer; options are locked while an answer is on its way;
 * the verdict on the previous answer is announced as the next question appears.
 */
export function DailyChallengePage({ challengeId }: { challengeId: string }) {
  const { state, choose, submitting, feedback, notice } = useDailyPlay(challengeId);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const index = state.phase === 'playing' ? state.index : -1;

  // Each question takes the focus, so screen readers read it out.
  useEffect(() => {
    if (index >= 0) questionRef.current?.focus();
  }, [index]);

  // 1–9 or A–Z choose an option, as in a round (not while typing or with a modifier).
  const options = state.phase === 'playing' ? state.round.questions[state.index]?.options : undefined;
  useEffect(() => {
    if (!options) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || event.altKey || event.ctrlKey || event.metaKey) return;
      if ((event.target as HTMLElement | null)?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const chosen = optionForKey(event.key, options.length);
      if (chosen === null) return;
      event.preventDefault();
      choose(options[chosen]!);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [options, choose]);

  if (state.phase === 'loading') return <Spinner page label="Loading daily challenge…" />;
  if (state.phase === 'finishing') return <Spinner page label="Saving your result…" />;
  if (state.phase === 'complete') {
    return (
      <div className="page">
        <CompletionScreen challenge={state.challenge} progress={state.progress} />
      </div>
    );
  }

  const { challenge, round, bonusPoints } = state;
  const question = round.questions[state.index]!;
  const total = round.questions.length;

  return (
    <div className={`page ${styles.daily}`}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Daily Challenge</p>
        <h1 className={styles.theme}>{challenge.theme}</h1>
        <p className={styles.bonus}>
          <StarIcon size={16} filled /> {bonusPoints} bonus points on offer
        </p>
      </header>

      <div className={styles.progress}>
        <label htmlFor="daily-progress">
          Question {state.index + 1} of {total}
        </label>
        <progress id="daily-progress" className={styles.bar} max={total} value={state.index} />
      </div>

      <section className={`card ${styles.question}`} aria-labelledby="daily-question-text">
        <h2 id="daily-question-text" className={styles['question__text']} tabIndex={-1} ref={questionRef}>
          {question.question}
        </h2>
        {question.image_url && <img className={styles.image} src={question.image_url} alt={question.image_caption ?? ''} />}
        <ul className={styles.options} aria-label="Answers" aria-busy={submitting || undefined}>
          {question.options.map((option, i) => (
            <li key={i}>
              <button
                type="button"
                className={styles.option}
                aria-label={`${LETTERS[i]}. ${option}`}
                aria-disabled={submitting || undefined}
                onClick={() => !submitting && choose(option)}
              >
                <span className={styles.letter} aria-hidden="true">
                  {LETTERS[i]}
                </span>{' '}
                {/* The space (no box in a flex row) keeps the visible "A Four" inside the name "A. Four" (WCAG 2.5.3). */}
                <span>{option}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className={styles.feedback} role="status" aria-live="polite">
          <FeedbackText feedback={feedback} />
        </div>
        {notice && <Alert tone="error">{notice}</Alert>}
        <p className={`muted ${styles.hint}`}>
          Press 1–{Math.min(question.options.length, 9)} or A–{LETTERS[question.options.length - 1]} to answer.
        </p>
      </section>
    </div>
  );
}
