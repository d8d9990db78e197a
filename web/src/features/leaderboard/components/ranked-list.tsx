import type { LeaderboardEntry } from '#shared/social/leaderboard.ts';
import styles from './leaderboard.module.css';

const MEDAL: Record<number, string> = { 1: '🥇', 2: '🥈', 3: '🥉' };

/**
 * Ranked players as an ordered list: rank (a medal for the top three), name, points and
 * rounds. `highlight` marks a row (the viewer, or the friend being compared).
 */
export function RankedList({ entries, label, highlight }: { entries: readonly LeaderboardEntry[]; label: string; highlight?: (entry: LeaderboardEntry) => string | undefined }) {
  return (
    <ol className={styles.list} aria-label={label}>
      {entries.map((entry) => {
        const mark = highlight?.(entry);
        return (
          <li key={entry.user_id} className={mark ? `${styles.row} ${styles.marked}` : styles.row} data-user-id={entry.user_id}>
            <span className={styles.rank} aria-label={`Rank ${entry.rank}`}>
              {MEDAL[entry.rank] ?? `#${entry.rank}`}
            </span>
            <span className={styles.name}>
              {entry.name}
              {mark && <span className={styles.tag}>{mark}</span>}
            </span>
            <span className={styles.points}>
              {entry.points.toLocaleString('en-US')} <span className={styles.unit}>pts</span>
            </span>
            <span className={styles.quizzes}>
              {entry.quizzes} {entry.quizzes === 1 ? 'quiz' : 'quizzes'}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
