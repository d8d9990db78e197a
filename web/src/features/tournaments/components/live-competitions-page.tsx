import { useState } from 'react';
import type { TournamentView } from '#shared/tournaments/api.ts';
import { WEEKLY_SCHEDULE } from '#shared/tournaments/schedule.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { LockIcon, TrophyIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useRegister, useTournaments } from '../api/tournaments-api.ts';
import { cardAction, formatStart, STATE_LABEL } from '../tournament-view.ts';
import styles from './live-competitions.module.css';
import { capitalise } from '@/lib/capitalise.ts';

/** Free accounts: the server refuses live tournaments, and the page says why. */
export function LiveCompetitionsUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2>Live tournaments are part of Premium</h2>
      <p className="muted">Play scheduled live matches against other students, with live rankings after every question.</p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

function TournamentCard({ t, onRegister, registering }: { t: TournamentView; onRegister: (id: string) => void; registering: boolean }) {
  const action = cardAction(t);
  return (
    <li className={`card ${styles.card}`} aria-labelledby={`t-${t.id}`}>
      <div className={styles.cardHead}>
        <h3 id={`t-${t.id}`}>{t.name}</h3>
        <span className={`badge ${styles[`state-${t.state}`] ?? ''}`}>{STATE_LABEL[t.state]}</span>
      </div>
      <p className="muted">{t.description}</p>
      <dl className={styles.facts}>
        <div>
          <dt>Starts</dt>
          <dd>{formatStart(t.start_at)}</dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd>
            {capitalise(t.subject)} · {capitalise(t.level)}
          </dd>
        </div>
        <div>
          <dt>Players</dt>
          <dd>
            {t.participants}/{t.capacity}
          </dd>
        </div>
        <div>
          <dt>Prize pool</dt>
          <dd>{t.prize}</dd>
        </div>
        <div>
          <dt>Entry</dt>
          <dd>{t.entry_fee === 0 ? 'Free' : `$${t.entry_fee}`}</dd>
        </div>
        <div>
          <dt>Questions</dt>
          <dd>{t.question_count}</dd>
        </div>
      </dl>
      <div className="actions">
        {action === 'join' && <LinkButton to={`/live-match/${encodeURIComponent(t.id)}`}>Join Live Match</LinkButton>}
        {action === 'registered' && (
          <Button variant="secondary" disabled>
            Registered
          </Button>
        )}
        {action === 'register' && (
          <Button onClick={() => onRegister(t.id)} loading={registering}>
            Register
          </Button>
        )}
        {action === 'full' && (
          <Button variant="secondary" disabled>
            Full
          </Button>
        )}
        {action === 'not-open' && (
          <Button variant="secondary" disabled>
            Registration opens 48 h before
          </Button>
        )}
        {action === 'finished' && t.is_registered && (
          <LinkButton variant="secondary" to={`/live-match/${encodeURIComponent(t.id)}`}>
            Final standings
          </LinkButton>
        )}
      </div>
    </li>
  );
}

/** `/live-competitions` (docs/social.md): the active-tournament banner, the cards and the weekly schedule. */
export function LiveCompetitionsPage() {
  const list = useTournaments();
  const register = useRegister();
  const [pending, setPending] = useState<string | null>(null);
  const onRegister = (id: string) => {
    setPending(id);
    register.mutate(id, { onSettled: () => setPending(null) });
  };

  if (list.isPending) return <Spinner page label="Loading tournaments…" />;
  if (list.isError) {
    return (
      <div className="page">
        <Alert tone="error">{list.error.message}</Alert>
      </div>
    );
  }
  const tournaments = list.data.tournaments.filter((t) => t.state !== 'finished' || t.is_registered);
  const live = tournaments.find((t) => t.is_registered && t.state === 'active');
  return (
    <div className={`page ${styles.page}`}>
      <h1 className="page__title">
        Live Tournaments <span className="badge">PREMIUM</span>
      </h1>
      {live && (
        <div className={styles.banner} role="status">
          <TrophyIcon size={24} />
          <p>
            <strong>{live.name}</strong> is live now and you are registered.
          </p>
          <LinkButton to={`/live-match/${encodeURIComponent(live.id)}`}>Continue Tournament</LinkButton>
        </div>
      )}
      <div aria-live="polite">{register.isError && <Alert tone="error">{register.error.message}</Alert>}</div>
      {tournaments.length === 0 ? (
        <p className="widget-empty">No tournaments are scheduled right now.</p>
      ) : (
        <ul className={styles.cards} aria-label="Tournaments">
          {tournaments.map((t) => (
            <TournamentCard key={t.id} t={t} onRegister={onRegister} registering={pending === t.id} />
          ))}
        </ul>
      )}
      <section className="card" aria-labelledby="weekly-schedule">
        <h2 id="weekly-schedule">Weekly schedule</h2>
        {/* Wider than a phone: the scrolling box takes focus, so a keyboard can scroll it too. */}
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="weekly-schedule">
          <table className={styles.schedule}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Time (UTC)</th>
                <th scope="col">Tournament</th>
                <th scope="col">Subject</th>
                <th scope="col">Places</th>
                <th scope="col">Prize</th>
              </tr>
            </thead>
            <tbody>
              {WEEKLY_SCHEDULE.map((s) => (
                <tr key={s.slug}>
                  <td>{capitalise(s.weekday)}</td>
                  <td>{s.time}</td>
                  <td>{s.name}</td>
                  <td>
                    {capitalise(s.subject)} · {capitalise(s.level)}
                  </td>
                  <td>{s.capacity}</td>
                  <td>{s.prize}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
