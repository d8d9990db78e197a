import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Profile } from '#shared/api.ts';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { canPlayLevel } from '#shared/entitlements.ts';
import { COMPETITION } from '#shared/quiz/contracts.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { Card } from '@/components/card.tsx';
import { LockIcon } from '@/components/icons.tsx';
import { competitionPath } from '../quiz-settings.ts';
import styles from './competition-setup.module.css';
import { capitalise } from '@/lib/capitalise.ts';

interface ChoiceGroupProps<T extends string | number> {
  legend: string;
  name: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; locked?: boolean }>;
  onChange(value: T): void;
}

/** A row of radio buttons; a locked choice is disabled and says Premium. */
function ChoiceGroup<T extends string | number>({ legend, name, value, options, onChange }: ChoiceGroupProps<T>) {
  return (
    <fieldset className="choices">
      <legend className="choices__legend">{legend}</legend>
      <div className="choices__row">
        {options.map((option) => (
          <label key={option.value} className={['choice', option.locked ? 'choice--locked' : ''].filter(Boolean).join(' ')}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              disabled={option.locked}
              onChange={() => onChange(option.value)}
            />
            <span className="choice__label">
              {option.label}
              {option.locked && (
                <span className="choice__lock">
                  {' '}
                  <LockIcon size={14} /> Premium
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** /competition: the rules and the settings of a timed round, started on the quiz screen. `profile` decides which levels are open. */
export function CompetitionSetup({ dashboardPath, profile }: { dashboardPath: string; profile: Profile | null }) {
  const navigate = useNavigate();
  const subjectId = useId();
  const progressionHint = useId();
  const [subject, setSubject] = useState<Subject>('geography');
  const [level, setLevel] = useState<Level>('beginner');
  const [questionCount, setQuestionCount] = useState<number>(COMPETITION.defaultQuestionCount);
  const [timeLimitSec, setTimeLimitSec] = useState<number>(COMPETITION.defaultTimeLimitSec);
  const [difficultyProgression, setDifficultyProgression] = useState(true);
  const now = new Date();

  function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate(competitionPath({ subject, level, questionCount, timeLimitSec, difficultyProgression }));
  }

  return (
    <div className="page page--narrow">
      <Card title="Competition" level={1}>
        <section className={styles['competition-rules']} aria-labelledby="competition-rules-title">
          <h2 id="competition-rules-title" className={styles['competition-rules__title']}>
            Rules
          </h2>
          <ul className="checklist">
            <li>Answer as many questions as you can before the timer reaches zero.</li>
            <li>Questions still unanswered when time runs out count as incorrect.</li>
            <li>Every correct answer earns points, with a bonus for high accuracy.</li>
            <li>Be quick: a fast average time per question earns a speed bonus.</li>
            <li>With difficulty progression the questions get harder as you go, up to the levels your plan includes.</li>
          </ul>
        </section>
        <form className="form competition-form" onSubmit={start}>
          <div className="field">
            <label className="field__label" htmlFor={subjectId}>
              Subject
            </label>
            <select id={subjectId} className="field__input" value={subject} onChange={(event) => setSubject(event.target.value as Subject)}>
              {SUBJECTS.map((value) => (
                <option key={value} value={value}>
                  {capitalise(value)}
                </option>
              ))}
            </select>
          </div>
          <ChoiceGroup<Level>
            legend="Starting level"
            name="level"
            value={level}
            onChange={setLevel}
            options={LEVELS.map((value) => ({ value, label: capitalise(value), locked: !canPlayLevel(profile ?? undefined, value, now) }))}
          />
          <ChoiceGroup<number>
            legend="Number of questions"
            name="count"
            value={questionCount}
            onChange={setQuestionCount}
            options={COMPETITION.questionCounts.map((value) => ({ value, label: `${value} questions` }))}
          />
          <ChoiceGroup<number>
            legend="Time limit"
            name="time"
            value={timeLimitSec}
            onChange={setTimeLimitSec}
            options={COMPETITION.timeLimitsSec.map((value) => ({ value, label: `${value / 60} min` }))}
          />
          <div className="check">
            <input
              id={`${progressionHint}-box`}
              type="checkbox"
              checked={difficultyProgression}
              aria-describedby={progressionHint}
              onChange={(event) => setDifficultyProgression(event.target.checked)}
            />
            <label htmlFor={`${progressionHint}-box`} className="check__label">
              Difficulty progression
            </label>
            <p id={progressionHint} className="field__hint check__hint">
              Start at your chosen level and move on to harder questions.
            </p>
          </div>
          <div className="actions">
            <Button type="submit">Start Competition</Button>
            <LinkButton to={dashboardPath} variant="secondary">
              Back to Dashboard
            </LinkButton>
            <LinkButton to="/live-competitions" variant="link">
              Live Tournaments (Premium)
            </LinkButton>
          </div>
        </form>
      </Card>
    </div>
  );
}
