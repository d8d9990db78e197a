import type { LeaderboardEntry } from '#shared/social/leaderboard.ts';
import styles from './leaderboard.module.css';

// The top three get a coloured badge (gold, silver, bronze); emoji medals depend on the machine's fonts.
const PODIUM: Record<number, string | undefined> = { 1: styles.gold, 2: styles.silver, 3: styles.bronze };

/**
 * Ranked players as an ordered list: rank (a badge for the top three), name, points and
 * rounds. `highlight` marks a row (the viewer, or the friend being compared).
 */
export function RankedList({ entries, label, highlight }: { entries: readonly LeaderboardEntry[]; label: string; highlight?: (entry: LeaderboardEntry) => string | undefined }) {
  return (
    <ol className={styles.list} aria-label={label}>
      {entries.map((entry) => {
        const mark = highlight?.(entry);
        return (
          <li key={entry.user_id} className={mark ? `${styles.row} ${styles.marked}` : styles.row} data-user-id={entry.user_id}>
            <span className={PODIUM[entry.rank] ? `${styles.rank} ${PODIUM[entry.rank]}` : styles.rank} aria-label={`Rank ${entry.rank}`}>
              {entry.rank}
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
