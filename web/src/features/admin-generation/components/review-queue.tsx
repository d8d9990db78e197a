import { useId, useState, type FormEvent } from 'react';
import type { GeneratedQuestion } from '#shared/generation/generation.ts';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { TextField } from '@/components/text-field.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useReviewQueue, useReviewQuestion } from '../api/generation-api.ts';
import styles from './admin-generation.module.css';
import { ReviewActions } from './review-actions.tsx';

/** The review queue: each generated question is approved (as is or edited), or rejected, before it enters the bank. */
export function ReviewQueue() {
  const queue = useReviewQueue('pending');
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className={styles.queue} aria-labelledby="review-queue-title">
      <h3 id="review-queue-title" className={styles.subTitle}>
        Review queue {queue.data ? `(${queue.data.questions.length})` : ''}
      </h3>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {queue.isPending && <Spinner label="Loading the review queue…" />}
      {queue.isError && (
        <Alert tone="error">
          Failed to load the review queue.{' '}
          <Button variant="link" onClick={() => void queue.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {queue.data && queue.data.questions.length === 0 && <p className="muted">No questions waiting for review.</p>}
      {queue.data && queue.data.questions.length > 0 && (
        <ol className={styles.queueList}>
          {queue.data.questions.map((q) => (
            <li key={q.id}>
              <QueueItem question={q} onDone={setNotice} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function QueueItem({ question, onDone }: { question: GeneratedQuestion; onDone: (message: string) => void }) {
  const id = useId();
  const review = useReviewQuestion();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ question: question.question, options: question.options, correct_answer: question.correct_answer, explanation: question.explanation });
  const [error, setError] = useState<string | null>(null);

  const act = (action: 'approve' | 'reject', edits?: typeof draft) => {
    setError(null);
    review.mutate(
      { id: question.id, action, edits },
      {
        onSuccess: ({ message }) => onDone(message),
        onError: (e) => setError(e.message),
      },
    );
  };
  const saveAndApprove = (event: FormEvent) => {
    event.preventDefault();
    act('approve', draft);
  };

  return (
    <article className={styles.item} aria-labelledby={`${id}-q`}>
      <p className={styles.itemMeta}>
        {capitalise(question.subject)} · {capitalise(question.level)} · topic {question.topic} · from “{question.source.title}”
      </p>
      {!editing ? (
        <>
          <p id={`${id}-q`} className={styles.itemQuestion}>
            {question.question}
          </p>
          <ul className={styles.options} aria-label="Options">
            {question.options.map((o) => (
              <li key={o} className={o === question.correct_answer ? styles.correct : undefined}>
                {o}
                {o === question.correct_answer && <span className="badge"> Correct</span>}
              </li>
            ))}
          </ul>
          <details className="details">
            <summary>Source passage</summary>
            <blockquote className={styles.passage}>{question.source.passage}</blockquote>
          </details>
          <ReviewActions pending={review.isPending ? review.variables?.action : undefined} onAct={(action) => act(action)} onEdit={() => setEditing(true)} />
        </>
      ) : (
        <form onSubmit={saveAndApprove} className={styles.form} aria-label="Edit question">
          <h4 id={`${id}-q`} className="visually-hidden">
            Edit question
          </h4>
          <TextField label="Question" value={draft.question} onChange={(e) => setDraft({ ...draft, question: e.target.value })} />
          {draft.options.map((o, i) => (
            <TextField
              key={i}
              label={`Option ${i + 1}`}
              value={o}
              onChange={(e) => setDraft({ ...draft, options: draft.options.map((x, j) => (j === i ? e.target.value : x)) })}
            />
          ))}
          <div className="field">
            <label className="field__label" htmlFor={`${id}-answer`}>
              Correct answer
            </label>
            <select id={`${id}-answer`} className="field__input" value={draft.correct_answer} onChange={(e) => setDraft({ ...draft, correct_answer: e.target.value })}>
              {draft.options.map((o, i) => (
                <option key={i} value={o}>
                  {o}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Explanation" value={draft.explanation} onChange={(e) => setDraft({ ...draft, explanation: e.target.value })} />
          <div className="actions">
            <Button type="submit" loading={review.isPending}>
              Save and Approve
            </Button>
            <Button variant="ghost" onClick={() => setEditing(false)} disabled={review.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </article>
  );
}
