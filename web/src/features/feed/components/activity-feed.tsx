import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { activityText, FEED_MESSAGES, feedTimeText, sameQuizPath, type FeedItem } from '#shared/social/feed.ts';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { BookIcon, FlameIcon, MedalIcon, RocketIcon, TargetIcon, TrophyIcon, type IconComponent } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useFeed } from '../api/get-feed.ts';
import styles from './activity-feed.module.css';

// The app's own SVG icons: emoji depend on the fonts of the machine.
const ICON: Record<FeedItem['activity_type'], IconComponent> = {
  quiz_completed: BookIcon,
  achievement_unlocked: MedalIcon,
  challenge_sent: TargetIcon,
  challenge_completed: TrophyIcon,
  streak_milestone: FlameIcon,
  level_up: RocketIcon,
};

/** The clock the time texts are measured against, moved on every 30 s so "Just now" ages without a refetch. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/**
 * The friend activity feed (docs/social.md): the newest 50 items with who, what and when, a
 * Live badge (it refreshes every 30 s), Try the same quiz where an item names a quiz, and
 * its loading, empty and error states. `viewerId` marks the viewer's own items as "You".
 */
export function ActivityFeed({ viewerId, title = 'Friend Activity' }: { viewerId: string; title?: string }) {
  const feed = useFeed();
  const now = useNow(30_000);

  return (
    <section className={styles.feed} aria-labelledby="activity-feed-title" aria-busy={feed.isPending}>
      <div className={styles.head}>
        <h2 id="activity-feed-title" className={styles.title}>
          {title}
        </h2>
        <span className={styles.live} title="New activity appears as it happens">
          <span className={styles.dot} aria-hidden="true" /> Live
        </span>
      </div>
      {feed.isPending ? (
        <Spinner label="Loading activity…" />
      ) : feed.isError && !feed.data ? (
        <Alert tone="error" title={FEED_MESSAGES.loadFailed}>
          <Button variant="secondary" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : feed.data.items.length === 0 ? (
        <p className={styles.empty}>{FEED_MESSAGES.empty}</p>
      ) : (
        // Scrolls within the card: focusable so keyboard users can scroll it too.
        <ol className={styles.list} aria-label="Newest activity first" tabIndex={0}>
          {feed.data.items.map((item) => {
            const quiz = sameQuizPath(item);
            const Icon = ICON[item.activity_type];
            return (
              <li key={item.id} className={styles.item}>
                <span className={styles.icon} aria-hidden="true">
                  <Icon size={18} />
                </span>
                <div className={styles.body}>
                  <p className={styles.text}>
                    <strong className={styles.who}>{item.user_id === viewerId ? 'You' : item.user_email}</strong> {activityText(item)}
                  </p>
                  <p className={styles.meta}>
                    <time dateTime={item.created_at}>{feedTimeText(item.created_at, now)}</time>
                    {quiz && item.user_id !== viewerId && (
                      <>
                        {' · '}
                        <Link to={quiz} className={styles.try}>
                          Try the same quiz
                        </Link>
                      </>
                    )}
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

/** How many items the feed holds now (the Activity Feed tab's badge). */
export function useFeedCount(): number {
  return useFeed().data?.items.length ?? 0;
}
