import { optionLabel, optionLetter } from '../format.ts';
import type { Verdict } from '../use-quiz-round.ts';
import styles from './answer-options.module.css';

interface Props {
  options: readonly string[];
  /** The verdict on this question, while it is shown. */
  verdict: Verdict | null;
  /** Answers are ignored (a submission is in flight, time is up): shown as aria-disabled so focus stays put. */
  locked: boolean;
  onChoose(option: string): void;
}

type Mark = 'correct' | 'incorrect' | 'dim' | null;

/** What a marked option says after the verdict, in words (not colour alone). */
function markText(mark: Mark, chosen: boolean): string | null {
  if (mark === 'correct') return chosen ? 'Your answer · Correct' : 'Correct answer';
  if (mark === 'incorrect') return 'Your answer · Incorrect';
  return null;
}

function markOf(option: string, verdict: Verdict | null): Mark {
  if (!verdict) return null;
  if (option === verdict.correctAnswer) return 'correct';
  if (option === verdict.chosen) return 'incorrect';
  return 'dim';
}

/** Options lettered A, B, C…; after an answer the choice and the correct option are marked by colour, icon and text. */
export function AnswerOptions({ options, verdict, locked, onChoose }: Props) {
  return (
    <ul className={styles['quiz-options']} aria-label="Answers">
      {options.map((option, index) => {
        const mark = markOf(option, verdict);
        const text = markText(mark, verdict?.chosen === option);
        return (
          <li key={index}>
            <button
              type="button"
              className={[styles['quiz-option'], mark ? `${styles[`quiz-option--${mark}`] ?? ''}` : ''].filter(Boolean).join(' ')}
              // "A. Paris" (the letter badge is a block, which would read as "A . Paris").
              aria-label={text ? `${optionLabel(index, option)} – ${text}` : optionLabel(index, option)}
              aria-disabled={locked || undefined}
              onClick={() => {
                if (!locked) onChoose(option);
              }}
            >
              {/* The spaces (no box in a flex row) keep the visible text "A Paris", words apart, inside the name (WCAG 2.5.3). */}
              <span className={styles['quiz-option__letter']}>{optionLetter(index)}</span>{' '}
              <span className={styles['quiz-option__text']}>{option}</span>{' '}
              {text && (
                <span className={styles['quiz-option__mark']}>
                  <span aria-hidden="true">{mark === 'correct' ? '✓' : '✗'}</span> {text}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
