import { countOf } from '#shared/text/counts.ts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ChallengeView } from '#shared/social/social-api.ts';
import { FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useRespondToChallenge } from '../api/friends-api.ts';
import { challengeCard, challengePlayPath, scoreText, timeLimitText } from '../friends-view.ts';
import { LoadFailed } from './friends-tab.tsx';
import styles from './friends-page.module.css';
import { capitalise } from '@/lib/capitalise.ts';

export interface ChallengesTabProps {
  query: UseQueryResult<{ challenges: ChallengeView[] }>;
  viewerId: string;
  onNotice(text: string): void;
}

/** Challenge cards: subject, level, count, time limit, message, status, scores and winner (docs/social.md). */
export function ChallengesTab({ query, viewerId, onNotice }: ChallengesTabProps) {
  const respond = useRespondToChallenge();

  if (query.isPending) return <Spinner label="Loading challenges…" />;
  if (query.isError && !query.data) return <LoadFailed what="challenges" onRetry={() => void query.refetch()} />;
  const { challenges } = query.data;
  if (challenges.length === 0) {
    return (
      <div className={styles.empty}>
        <p>No challenges yet. Challenge a friend from the Friends tab.</p>
      </div>
    );
  }

  const now = Date.now();
  return (
    <div className={styles.sections}>
      <FormMessage message={respond.error?.message} />
      <ul className={styles.cards} aria-label="Challenges">
        {challenges.map((challenge) => {
          const card = challengeCard(challenge, viewerId, now);
          const title = challenge.own ? `You challenged ${card.friendEmail}` : `${card.friendEmail} challenged you`;
          const busy = respond.isPending && respond.variables.id === challenge.id;
          const answer = (accept: boolean) =>
            respond.mutate({ id: challenge.id, accept }, { onSuccess: () => onNotice(accept ? 'Challenge accepted. Good luck!' : 'Challenge declined') });
          return (
            <li key={challenge.id} className={styles.challenge} aria-labelledby={`challenge-${challenge.id}`}>
              <div className={styles.challengeHead}>
                <h2 id={`challenge-${challenge.id}`} className={styles.challengeTitle}>
                  {title}
                </h2>
                <span className={`${styles.status} ${styles[`status-${card.stage}`] ?? ''}`}>{card.statusText}</span>
              </div>
              <p className={styles.challengeMeta}>
                {capitalise(challenge.subject)} · {capitalise(challenge.level)} · {countOf(challenge.question_count, 'question')} · {timeLimitText(challenge.time_limit)}
              </p>
              {challenge.message && <p className={styles.message}>“{challenge.message}”</p>}

              {(card.myScore || card.friendScore || card.stage === 'completed') && (
                <dl className={styles.facts}>
                  <div>
                    <dt>Your score</dt>
                    <dd>{scoreText(card.myScore)}</dd>
                  </div>
                  <div>
                    <dt>{card.friendEmail}</dt>
                    <dd>{scoreText(card.friendScore)}</dd>
                  </div>
                </dl>
              )}
              {card.resultText && <p className={`${styles.result} ${card.outcome === 'won' ? styles.won : ''}`}>{card.resultText}</p>}

              <div className={styles.rowActions}>
                {card.stage === 'respond' && (
                  <>
                    <Button loading={busy && respond.variables.accept} disabled={busy} onClick={() => answer(true)}>
                      Accept Challenge
                    </Button>
                    <Button variant="secondary" loading={busy && !respond.variables.accept} disabled={busy} onClick={() => answer(false)}>
                      Decline
                    </Button>
                  </>
                )}
                {card.stage === 'play' && <LinkButton to={challengePlayPath(challenge)}>Start Challenge</LinkButton>}
                {card.stage === 'awaiting-answer' && <p className="muted">Waiting for {card.friendEmail} to accept.</p>}
                {card.stage === 'awaiting-friend' && <p className="muted">Waiting for {card.friendEmail} to finish.</p>}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
