import { useSearchParams } from 'react-router-dom';
import { LEADERBOARD_MESSAGES, LEADERBOARD_PERIODS, PERIOD_LABEL, type LeaderboardPeriod, type LeaderboardScope } from '#shared/social/leaderboard.ts';
import { Alert } from '@/components/alert.tsx';
import { LinkButton } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useFriendLeaderboard, useLeaderboard } from '../api/leaderboard-api.ts';
import { compareWith, filtersFrom, leadText, SUBJECT_OPTIONS } from '../leaderboard-view.ts';
import { RankedList } from './ranked-list.tsx';
import styles from './leaderboard.module.css';

/**
 * /leaderboard (public; docs/social.md): subject and period filters (default This Week, kept
 * in the address), the top 100, a red box above the list when loading fails, an empty state
 * with Start Competing, and with ?friend= the signed-in user compared with that friend.
 */
export function LeaderboardPage({ viewerId }: { viewerId?: string }) {
  const [search, setSearch] = useSearchParams();
  const { period, subject } = filtersFrom(search);
  const friendId = search.get('friend');
  const board = useLeaderboard(period, subject);

  const setFilter = (name: 'period' | 'subject', value: string) => {
    const next = new URLSearchParams(search);
    next.set(name, value);
    setSearch(next, { replace: true });
  };

  return (
    <div className={`page ${styles.page}`}>
      <h1 className="page__title">Leaderboard</h1>
      <p className="muted">The top 100 players by points. Play competition rounds to climb.</p>

      {friendId && <FriendComparison friendId={friendId} period={period} viewerId={viewerId} />}

      <div className={styles.filters} role="group" aria-label="Leaderboard filters">
        <div className="field">
          <label className="field__label" htmlFor="lb-subject">
            Subject
          </label>
          <select id="lb-subject" className="field__input" value={subject} onChange={(e) => setFilter('subject', e.target.value as LeaderboardScope)}>
            {SUBJECT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="lb-period">
            Period
          </label>
          <select id="lb-period" className="field__input" value={period} onChange={(e) => setFilter('period', e.target.value as LeaderboardPeriod)}>
            {LEADERBOARD_PERIODS.map((p) => (
              <option key={p} value={p}>
                {PERIOD_LABEL[p]}
              </option>
            ))}
          </select>
        </div>
      </div>

      {board.isError && (
        <div className={styles.errorBox} role="alert">
          {board.error.message || LEADERBOARD_MESSAGES.loadFailed}
        </div>
      )}

      <section className="card" aria-labelledby="lb-title" aria-busy={board.isFetching}>
        <h2 id="lb-title" className="card__title">
          {PERIOD_LABEL[period]} · {SUBJECT_OPTIONS.find((o) => o.value === subject)!.label}
        </h2>
        {board.isPending ? (
          <Spinner label="Loading leaderboard…" />
        ) : board.data && board.data.entries.length > 0 ? (
          <RankedList
            entries={board.data.entries}
            label="Top players"
            highlight={(e) => (e.user_id === viewerId ? 'You' : e.user_id === friendId ? 'Friend' : undefined)}
          />
        ) : !board.isError ? (
          <div className={styles.empty}>
            <p>No one has scored in this period yet. Be the first on the board!</p>
            <LinkButton to="/dashboard">Start Competing</LinkButton>
          </div>
        ) : null}
      </section>
    </div>
  );
}

/** ?friend=: the user and the friend on the friend board of the same period. */
function FriendComparison({ friendId, period, viewerId }: { friendId: string; period: LeaderboardPeriod; viewerId?: string }) {
  const friends = useFriendLeaderboard(period, Boolean(viewerId));
  if (!viewerId) return <Alert tone="info">Sign in to compare your points with a friend.</Alert>;
  if (friends.isPending) return <Spinner label="Loading comparison…" />;
  if (friends.isError) return <Alert tone="error">{friends.error.message || LEADERBOARD_MESSAGES.loadFailed}</Alert>;
  const { me, friend, lead } = compareWith(friends.data.entries, friendId);
  if (!me || !friend) return <Alert tone="info">This player is not among your friends, so there is nothing to compare.</Alert>;
  return (
    <section className={`card ${styles.compare}`} aria-labelledby="lb-compare">
      <h2 id="lb-compare" className="card__title">
        You vs {friend.name} · {PERIOD_LABEL[period]}
      </h2>
      <dl className={styles.versus}>
        {[me, friend].map((e) => (
          <div key={e.user_id} className={styles.side}>
            <dt>{e.is_me ? 'You' : e.name}</dt>
            <dd>
              <span className={styles.big}>{e.points.toLocaleString('en-US')}</span> points · {e.quizzes} {e.quizzes === 1 ? 'quiz' : 'quizzes'} · rank {e.rank} among friends
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.lead}>{leadText(lead!, friend.name)}</p>
    </section>
  );
}
