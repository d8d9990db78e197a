import { Link } from 'react-router-dom';
import { LEVELS } from '#shared/constants.ts';
import type { ProgressResponse } from '#shared/quiz/contracts.ts';
import { levelButtonLabel, levelTone, quizPath, SUBJECT_STATUS_LABEL } from '../level-button.ts';
import { LockIcon } from '@/components/icons.tsx';
import styles from './subject-progress-card.module.css';
import { capitalise } from '@/lib/capitalise.ts';

type SubjectProgress = ProgressResponse['subjects'][number];

/**
 * One subject: its progress bar, quiz count, average and status, and a button per level.
 * A level the user may not play links to /subscription with a lock and the word Premium.
 */
export function SubjectProgressCard({ progress, levels }: { progress: SubjectProgress; levels: ProgressResponse['access']['levels'] }) {
  const name = capitalise(progress.subject);
  const headingId = `subject-${progress.subject}`;
  return (
    <section className={`card ${styles['subject-card']}`} aria-labelledby={headingId}>
      <div className={styles['subject-card__head']}>
        <h3 id={headingId} className={styles['subject-card__title']}>
          {name}
        </h3>
        <span className={`${styles.status} ${styles[`status--${progress.status}`] ?? ''}`}>{SUBJECT_STATUS_LABEL[progress.status]}</span>
      </div>
      <div
        className="meter"
        role="progressbar"
        aria-label={`${name} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.progressPercentage}
      >
        <span className="meter__fill" style={{ width: `${progress.progressPercentage}%` }} />
      </div>
      <dl className={styles['subject-card__facts']}>
        <div>
          <dt>Progress</dt>
          <dd>{progress.progressPercentage}%</dd>
        </div>
        <div>
          <dt>Quizzes</dt>
          <dd>{progress.totalQuizzes}</dd>
        </div>
        <div>
          <dt>Average</dt>
          <dd>{Math.round(progress.averageScore)}%</dd>
        </div>
      </dl>
      <ul className={styles['level-buttons']}>
        {LEVELS.map((level) => {
          const tally = progress.levelProgress[level];
          if (!levels[level]) {
            return (
              <li key={level}>
                {/* The name holds the visible "Advanced Premium", then says it is locked (WCAG 2.5.3). */}
                <Link to="/subscription" className={`${styles['level-btn']} ${styles['level-btn--locked']}`} aria-label={`${capitalise(level)} Premium, locked`}>
                  <span className={styles['level-btn__name']}>
                    <LockIcon size={16} /> {capitalise(level)}
                  </span>{' '}
                  <span className={styles['level-btn__state']}>Premium</span>
                </Link>
              </li>
            );
          }
          return (
            <li key={level}>
              <Link to={quizPath(progress.subject, level)} className={`${styles['level-btn']} ${styles[`level-btn--${levelTone(tally.progress)}`] ?? ''}`}>
                <span className={styles['level-btn__name']}>{capitalise(level)}</span>{' '}
                <span className={styles['level-btn__state']}>{levelButtonLabel(tally.progress, tally.quizzes)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
