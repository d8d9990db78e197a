import { countOf } from '#shared/text/counts.ts';
import { useState } from 'react';
import type { MatchState, RankingRow } from '#shared/tournaments/api.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useSendAnswer } from '../api/tournaments-api.ts';
import { formatStart } from '../tournament-view.ts';
import { useLiveMatch } from '../use-live-match.ts';
import { Countdown } from './countdown.tsx';
import styles from './live-match.module.css';

function Rankings({ rows, players }: { rows: RankingRow[]; players: number }) {
  return (
    <section className="card" aria-labelledby="live-rankings">
      <h2 id="live-rankings">Live rankings</h2>
      {rows.length === 0 ? (
        <p className="muted">Rankings appear after the first question closes.</p>
      ) : (
        <ol className={styles.rankings} aria-label="Top 10">
          {rows.map((row) => (
            <li key={row.rank} className={row.is_me ? styles.me : undefined} aria-current={row.is_me ? 'true' : undefined}>
              <span className={styles.rank}>#{row.rank}</span>
              <span className={styles.player}>
                {row.player}
                {row.is_me && ' (you)'}
              </span>
              <span className={styles.points}>{row.score} pts</span>
            </li>
          ))}
        </ol>
      )}
      <p className="muted">{countOf(players, 'player')}</p>
    </section>
  );
}

function MyStanding({ me }: { me: MatchState['me'] }) {
  return (
    <section className={`card ${styles.mine}`} aria-label="Your standing">
      <div>
        <span className="muted">Your score</span>
        <strong data-testid="my-score">{me.score}</strong>
      </div>
      <div>
        <span className="muted">Your rank</span>
        <strong data-testid="my-rank">{me.rank === null ? '–' : `#${me.rank}`}</strong>
      </div>
      <div>
        <span className="muted">Correct</span>
        <strong>{me.correct}</strong>
      </div>
    </section>
  );
}

/** `/live-match/{id}`: the live match on the server's clock (question x of y, time left, answers, rankings, my score). */
export function LiveMatchPage({ tournamentId }: { tournamentId: string }) {
  const { match, offsetMs, question, opensAt } = useLiveMatch(tournamentId);
  const send = useSendAnswer(tournamentId);
  const [chosen, setChosen] = useState<{ question: number; answer: string } | null>(null);

  if (match.isPending) return <Spinner page label="Joining the live match…" />;
  if (match.isError) {
    return (
      <div className="page">
        <Alert tone="error">{match.error.message}</Alert>
        <LinkButton variant="secondary" to="/live-competitions">
          Back to tournaments
        </LinkButton>
      </div>
    );
  }
  const state = match.data;
  const { tournament, me } = state;
  const myChoice = question && chosen?.question === question.number ? chosen.answer : null;
  const answered = me.answered_current || myChoice !== null;
  const lastVerdict = state.last_closed && chosen?.question === state.last_closed.number ? chosen.answer === state.last_closed.correct_answer : null;

  const answer = (option: string) => {
    if (!question || answered) return;
    setChosen({ question: question.number, answer: option });
    send.mutate({ question: question.number, answer: option });
  };

  return (
    <div className={`page ${styles.page}`}>
      <h1 className="page__title">{tournament.name}</h1>
      <div className={styles.layout}>
        <div className={styles.main}>
          {state.status === 'finished' ? (
            <section className="card" aria-labelledby="match-over">
              <h2 id="match-over">Tournament finished</h2>
              <p>
                You finished <strong data-testid="final-rank">{me.rank === null ? '–' : `#${me.rank}`}</strong> of {state.players} with{' '}
                <strong data-testid="final-score">{me.score}</strong> points.
              </p>
              <LinkButton variant="secondary" to="/live-competitions">
                Back to tournaments
              </LinkButton>
            </section>
          ) : question ? (
            <section className="card" aria-labelledby="live-question">
              <div className={styles.questionHead}>
                <p className={styles.counter}>
                  Question {question.number} of {question.total}
                </p>
                <Countdown
                  key={question.number}
                  label="Time left"
                  deadlineMs={Math.min(Date.parse(question.open_at) + me.window_ms, Date.parse(question.close_at))}
                  offsetMs={offsetMs}
                />
              </div>
              <h2 id="live-question" className={styles.question}>
                {question.question.question}
              </h2>
              {question.question.image_url && <img className={styles.image} src={question.question.image_url} alt={question.question.image_caption ?? ''} />}
              <div className={styles.options} role="group" aria-labelledby="live-question">
                {question.question.options.map((option) => (
                  <Button
                    key={option}
                    variant={myChoice === option ? 'primary' : 'secondary'}
                    aria-pressed={myChoice === option}
                    disabled={answered}
                    onClick={() => answer(option)}
                  >
                    {option}
                  </Button>
                ))}
              </div>
              <div aria-live="polite">
                {send.isError && <Alert tone="error">{send.error.message}</Alert>}
                {answered && !send.isError && <p className="muted">Answer received. Results when the question closes.</p>}
              </div>
            </section>
          ) : (
            <section className="card" aria-live="polite">
              {state.last_closed && (
                <p data-testid="last-answer">
                  Question {state.last_closed.number}: the answer was <strong>{state.last_closed.correct_answer}</strong>
                  {lastVerdict === true && ' — you got it right!'}
                  {lastVerdict === false && ' — not this time.'}
                </p>
              )}
              {opensAt !== null || state.next_open_at ? (
                <Countdown
                  label={state.status === 'waiting' ? 'Starts in' : 'Next question in'}
                  deadlineMs={opensAt ?? Date.parse(state.next_open_at!)}
                  offsetMs={offsetMs}
                />
              ) : (
                <p className="muted">Waiting for the next question…</p>
              )}
            </section>
          )}
          <MyStanding me={me} />
        </div>
        <aside className={styles.side}>
          <Rankings rows={state.top} players={state.players} />
          <section className="card" aria-labelledby="tournament-info">
            <h2 id="tournament-info">Tournament info</h2>
            <dl className={styles.info}>
              <dt>Started</dt>
              <dd>{formatStart(tournament.start_at)}</dd>
              <dt>Questions</dt>
              <dd>{tournament.question_count}</dd>
              <dt>Prize pool</dt>
              <dd>{tournament.prize}</dd>
              <dt>Scoring</dt>
              <dd>1000 per correct answer, up to 500 more for speed</dd>
              <dt>Your answer time</dt>
              <dd>{Math.round(me.window_ms / 1000)} s per question</dd>
            </dl>
          </section>
        </aside>
      </div>
    </div>
  );
}
