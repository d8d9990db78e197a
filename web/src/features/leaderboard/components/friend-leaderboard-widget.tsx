import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FRIEND_PERIODS, LEADERBOARD_MESSAGES, PERIOD_LABEL, type LeaderboardPeriod } from '#shared/social/leaderboard.ts';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useFriendLeaderboard } from '../api/leaderboard-api.ts';
import { RankedList } from './ranked-list.tsx';
import styles from './leaderboard.module.css';

/**
 * The dashboard's friend leaderboard (docs/social.md): the user and their accepted friends by
 * points This Week, This Month or All Time.
 */
export function FriendLeaderboardWidget() {
  const [period, setPeriod] = useState<LeaderboardPeriod>('week');
  const board = useFriendLeaderboard(period);

  return (
    <section className={styles.widget} aria-labelledby="friend-board-title" aria-busy={board.isFetching}>
      <div className={styles.widgetHead}>
        <h2 id="friend-board-title" className={styles.widgetTitle}>
          Friend Leaderboard
        </h2>
        <div className={styles.periods} role="group" aria-label="Period">
          {FRIEND_PERIODS.map((p) => (
            <button key={p} type="button" className={p === period ? `${styles.period} ${styles.periodOn}` : styles.period} aria-pressed={p === period} onClick={() => setPeriod(p)}>
              {PERIOD_LABEL[p]}
            </button>
          ))}
        </div>
      </div>
      {board.isPending ? (
        <Spinner label="Loading friend leaderboard…" />
      ) : board.isError && !board.data ? (
        <Alert tone="error" title={board.error.message || LEADERBOARD_MESSAGES.loadFailed}>
          <Button variant="secondary" onClick={() => void board.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <RankedList entries={board.data.entries} label={`Friends, ${PERIOD_LABEL[period]}`} highlight={(e) => (e.is_me ? 'You' : undefined)} />
          {board.data.entries.length <= 1 && (
            <p className={styles.hint}>
              Add friends to see how you compare. <Link to="/friends">Find friends</Link>
            </p>
          )}
        </>
      )}
      <p className={styles.more}>
        <Link to="/leaderboard">View the global leaderboard</Link>
      </p>
    </section>
  );
}
