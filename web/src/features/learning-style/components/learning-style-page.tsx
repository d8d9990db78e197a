import { articleFor } from '#shared/text/counts.ts';
import { useState } from 'react';
import { ASSESSMENT_QUESTIONS, LEARNING_STYLES, STYLE_DESCRIPTIONS, STYLE_NAMES, scoreLearningStyle } from '#shared/learning/learning.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { useSaveLearningStyle } from '../api/learning-style-api.ts';
import styles from './learning-style.module.css';

/**
 * /learning-style: five questions answered in order with no going back, then the result with
 * Continue to Dashboard and Retake Assessment (docs/learning.md). The server scores and saves;
 * a failed save is ignored (docs/learning.md) and the result shown is the same rule's.
 */
export function LearningStylePage() {
  const [answers, setAnswers] = useState<number[]>([]);
  const save = useSaveLearningStyle();
  const done = answers.length === ASSESSMENT_QUESTIONS.length;

  const pick = (option: number) => {
    const next = [...answers, option];
    setAnswers(next);
    if (next.length === ASSESSMENT_QUESTIONS.length) save.mutate(next, { onError: () => undefined });
  };

  if (done) {
    const { style, breakdown } = save.data?.result ? { style: save.data.result.learning_style, breakdown: save.data.result.style_breakdown } : scoreLearningStyle(answers);
    return (
      <div className={`page page--narrow ${styles.page}`}>
        <h1 className="page__title">Your Learning Style</h1>
        <section className="card" aria-live="polite">
          <p className={styles.result}>
            You are {articleFor(STYLE_NAMES[style])} <strong data-testid="learning-style-result">{STYLE_NAMES[style]}</strong> learner
          </p>
          <p className="muted">{STYLE_DESCRIPTIONS[style]}</p>
          <ul className={styles.breakdown}>
            {LEARNING_STYLES.map((s) => (
              <li key={s}>
                {STYLE_NAMES[s]}: {breakdown[s]} of {ASSESSMENT_QUESTIONS.length}
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <LinkButton to="/dashboard">Continue to Dashboard</LinkButton>
            <Button variant="secondary" onClick={() => (save.reset(), setAnswers([]))}>
              Retake Assessment
            </Button>
          </div>
        </section>
      </div>
    );
  }

  const index = answers.length;
  const question = ASSESSMENT_QUESTIONS[index]!;
  return (
    <div className={`page page--narrow ${styles.page}`}>
      <h1 className="page__title">Learning Style Assessment</h1>
      <p className="muted">Answer five quick questions to find out how you learn best.</p>
      <section className="card" aria-labelledby="assessment-question">
        <p className={styles.counter}>
          Question {index + 1} of {ASSESSMENT_QUESTIONS.length}
        </p>
        <progress className={styles.progress} max={ASSESSMENT_QUESTIONS.length} value={index} aria-label="Assessment progress" />
        <h2 id="assessment-question" className={styles.question}>
          {question.question}
        </h2>
        <div className={styles.options}>
          {question.options.map((option, i) => (
            <Button key={option} variant="secondary" block onClick={() => pick(i)}>
              {option}
            </Button>
          ))}
        </div>
      </section>
    </div>
  );
}
