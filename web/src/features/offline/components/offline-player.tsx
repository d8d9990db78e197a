import { useState } from 'react';
import type { OutboxItem } from '#shared/offline/offline.ts';
import { Button } from '@/components/button.tsx';
import { browserTimeZone } from '@/lib/time-zone.ts';
import type { StoredPack } from '../offline-db.ts';
import styles from './offline.module.css';

const label = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * Plays a downloaded pack with no connection: the key came with the pack, so each answer is
 * marked at once. At the end the result goes to the outbox (the server grades it again).
 */
export function OfflinePlayer({ pack, onFinish, onExit }: { pack: StoredPack; onFinish(result: OutboxItem): Promise<void>; onExit(): void }) {
  const [startedAt] = useState(() => Date.now());
  const [clientAttemptId] = useState(() => crypto.randomUUID());
  const [position, setPosition] = useState(0);
  const [answers, setAnswers] = useState<{ questionId: string; answer: string | null }[]>([]);
  const [finished, setFinished] = useState(false);
  const question = pack.questions[position];
  const picked = answers[position]?.answer;
  const score = answers.filter((a, i) => a.answer !== null && a.answer === pack.questions[i]?.correct_answer).length;

  const pick = (answer: string) => {
    if (!question || picked !== undefined) return;
    setAnswers((list) => [...list, { questionId: question.id, answer }]);
  };

  const next = async () => {
    if (position + 1 < pack.questions.length) {
      setPosition(position + 1);
      return;
    }
    const finalScore = answers.filter((a, i) => a.answer === pack.questions[i]?.correct_answer).length;
    await onFinish({
      clientAttemptId,
      packId: pack.packId,
      subject: pack.subject,
      level: pack.level,
      answers,
      startedAt,
      completedAt: Date.now(),
      timeZone: browserTimeZone(),
      localScore: finalScore,
      total: pack.questions.length,
    });
    setFinished(true);
  };

  if (finished || !question) {
    return (
      <section className={`card ${styles.player}`} aria-labelledby="offline-result-title">
        <h2 id="offline-result-title" className="card__title">
          Quiz complete
        </h2>
        <p className={styles.score}>
          You scored {score} out of {pack.questions.length}
        </p>
        <p className="muted">Your result is saved on this device and counts once it reaches the server (it is sent as soon as you are online).</p>
        <Button onClick={onExit}>Back to Offline Quizzes</Button>
      </section>
    );
  }

  return (
    <section className={`card ${styles.player}`} aria-labelledby="offline-question">
      <p className="muted">
        {label(pack.subject)} · {label(pack.level)} · Question {position + 1} of {pack.questions.length}
      </p>
      <h2 id="offline-question" className={styles.question}>
        {question.question}
      </h2>
      {question.image_url && <img className={styles.image} src={question.image_url} alt={question.image_caption ?? ''} />}
      <ul className={styles.options} aria-label="Answers">
        {question.options.map((option) => {
          const state = picked === undefined ? '' : option === question.correct_answer ? styles.correct : option === picked ? styles.wrong : '';
          return (
            <li key={option}>
              <button type="button" className={`${styles.option} ${state}`} onClick={() => pick(option)} disabled={picked !== undefined}>
                {option}
              </button>
            </li>
          );
        })}
      </ul>
      {picked !== undefined && (
        <div className={styles.feedback} role="status">
          <p>{picked === question.correct_answer ? 'Correct!' : `Incorrect. The answer is ${question.correct_answer}.`}</p>
          {question.explanation && <p className="muted">{question.explanation}</p>}
          <Button onClick={() => void next()}>{position + 1 < pack.questions.length ? 'Next Question' : 'Finish Quiz'}</Button>
        </div>
      )}
      <Button variant="link" onClick={onExit}>
        Leave quiz
      </Button>
    </section>
  );
}
