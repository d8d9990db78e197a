import type { ReactNode } from 'react';
import styles from './quiz-header.module.css';

interface Props {
  title: string;
  competition: boolean;
  /** 0-based index of the question on screen. */
  index: number;
  total: number;
  /** Questions answered (or skipped) so far: what the bar shows. */
  answered: number;
  score: number;
  timer?: ReactNode;
  bookmarked: boolean;
  bookmarkPending: boolean;
  onToggleBookmark(): void;
}

/** Question n of total, the score, the progress bar, the bookmark toggle and (competition) the timer. */
export function QuizHeader({ title, competition, index, total, answered, score, timer, bookmarked, bookmarkPending, onToggleBookmark }: Props) {
  const percent = total > 0 ? Math.round((answered / total) * 100) : 0;
  return (
    <header className={styles['quiz-header']}>
      <div className={styles['quiz-header__row']}>
        <div className={styles['quiz-header__heading']}>
          <h1 className={styles['quiz-header__title']}>{title}</h1>
          {competition && <span className="badge">Competition</span>}
        </div>
        <div className={styles['quiz-header__tools']}>
          {timer}
          <button
            type="button"
            className={styles['quiz-bookmark']}
            aria-label="Bookmark question"
            aria-pressed={bookmarked}
            aria-busy={bookmarkPending || undefined}
            onClick={onToggleBookmark}
          >
            <span className={styles['quiz-bookmark__icon']} aria-hidden="true">
              {bookmarked ? '★' : '☆'}
            </span>
            <span className="quiz-bookmark__text">Bookmark</span>
          </button>
        </div>
      </div>
      <div className={`${styles['quiz-header__row']} ${styles['quiz-header__status']}`}>
        <p className={styles['quiz-header__count']}>
          Question {index + 1} of {total}
        </p>
        <p className="quiz-header__score">
          Score: <strong>{score}</strong>
        </p>
      </div>
      <div
        className="meter"
        role="progressbar"
        aria-label="Quiz progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${answered} of ${total} answered`}
      >
        <span className="meter__fill" style={{ width: `${percent}%` }} />
      </div>
    </header>
  );
}
