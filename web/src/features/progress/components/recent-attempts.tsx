import type { ProgressResponse } from '#shared/quiz/contracts.ts';
import styles from './recent-attempts.module.css';
import { capitalise } from '@/lib/capitalise.ts';

type Attempt = ProgressResponse['recentAttempts'][number];

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The last five attempts (docs/quiz.md): subject, level, score, points, date. */
export function RecentAttempts({ attempts }: { attempts: readonly Attempt[] }) {
  if (attempts.length === 0) return <p className="muted">No quizzes yet. Pick a level above to play your first one.</p>;
  return (
    <div className="table-scroll">
      <table className={styles.attempts}>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Level</th>
            <th scope="col">Score</th>
            <th scope="col">Points</th>
            <th scope="col">Date</th>
          </tr>
        </thead>
        <tbody>
          {attempts.slice(0, 5).map((attempt) => (
            <tr key={attempt.attemptId}>
              <td>
                {capitalise(attempt.subject)}
                {attempt.mode === 'competition' && <span className={`badge ${styles.attempts__mode}`}>Competition</span>}
              </td>
              <td>{capitalise(attempt.level)}</td>
              <td>
                {attempt.score} / {attempt.total_questions}
              </td>
              <td>{attempt.points}</td>
              <td>
                <time dateTime={attempt.completed_at}>{formatDate(attempt.completed_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
