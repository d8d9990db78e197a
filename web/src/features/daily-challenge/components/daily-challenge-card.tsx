import { useMemo } from 'react';
import { Button, LinkButton } from '@/components/button.tsx';
import { CalendarIcon } from '@/components/icons.tsx';
import { browserTimeZone } from '@/lib/time-zone.ts';
import { useTodayChallenge } from '../api/daily-api.ts';
import { completionView } from '../daily-view.ts';
import { ResultIcon, TierIcon } from './daily-icons.tsx';
import styles from './daily-challenge-card.module.css';

const TITLE_ID = 'daily-card-title';

/**
 * The dashboard's daily challenge card (docs/social.md): today's challenge with its bonus and a
 * way in, the result once it is completed, or the empty state when there is none. It keeps
 * its size while loading, and a failed load offers Retry without taking the dashboard down.
 */
export function DailyChallengeCard() {
  const timeZone = useMemo(browserTimeZone, []);
  const { data, isPending, isError, isFetching, refetch } = useTodayChallenge(timeZone);

  let body;
  if (isPending && !isError) {
    body = <p className="muted">Loading today's challenge…</p>;
  } else if (!data) {
    body = (
      <>
        <p className="muted">Today's challenge could not be loaded.</p>
        <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
          Retry
        </Button>
      </>
    );
  } else if (!data.challenge) {
    body = <p className="muted">No daily challenge today. Check back tomorrow!</p>;
  } else if (data.progress?.completed) {
    const view = completionView(data.progress);
    body = (
      <>
        <p className={styles.theme}>{data.challenge.theme}</p>
        <p className={styles.result} data-testid="daily-card-result">
          <ResultIcon icon={view.icon} label={view.iconLabel} size={20} />
          Completed: {view.score}/{view.total} ({view.percentage}%) · +{view.bonus} bonus points
        </p>
        <p className={styles.streak}>
          <TierIcon tier={view.tier} size={16} /> {view.badge}
        </p>
        <p className="muted">Come back tomorrow for a new challenge.</p>
      </>
    );
  } else {
    const started = data.progress !== null;
    body = (
      <>
        <p className={styles.theme}>{data.challenge.theme}</p>
        <p className="muted">{data.challenge.description}</p>
        <p className={styles.bonus}>{data.challenge.bonus_points} bonus points on offer</p>
        <LinkButton to={`/daily-challenge/${encodeURIComponent(data.challenge.id)}`}>{started ? 'Continue Challenge' : 'Start Challenge'}</LinkButton>
      </>
    );
  }

  return (
    <section className={`card ${styles.card}`} aria-labelledby={TITLE_ID} aria-busy={isPending || undefined}>
      <h2 id={TITLE_ID} className="card__title">
        <CalendarIcon size={20} /> Daily Challenge
      </h2>
      {body}
    </section>
  );
}
