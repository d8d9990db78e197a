import { countOf } from '#shared/text/counts.ts';
import { useId, useState, type FormEvent } from 'react';
import type { GeneratedGuide } from '#shared/generation/generation.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { TextField } from '@/components/text-field.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useGuideReviewQueue, useReviewGuide } from '../api/generation-api.ts';
import styles from './admin-generation.module.css';
import { ReviewActions } from './review-actions.tsx';

/** Generated guides waiting for review: approved (as is or edited) into Study Guides, or rejected. */
export function GuideReviewQueue() {
  const queue = useGuideReviewQueue('pending');
  const [notice, setNotice] = useState<string | null>(null);
  const guides = queue.data?.guides ?? [];
  return (
    <section className={styles.queue} aria-labelledby="guide-queue-title">
      <h3 id="guide-queue-title" className={styles.subTitle}>
        Guides waiting for review {queue.data ? `(${guides.length})` : ''}
      </h3>
      <p className="visually-hidden" role="status">
        {notice}
      </p>
      {notice && <Alert tone="success">{notice}</Alert>}
      {queue.isPending && <Spinner label="Loading the guides waiting for review…" />}
      {queue.isError && (
        <Alert tone="error">
          Failed to load the guides waiting for review.{' '}
          <Button variant="link" onClick={() => void queue.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {queue.data && guides.length === 0 && <p className="muted">No guides waiting for review. Students see a generated guide only once it is approved.</p>}
      {guides.length > 0 && (
        <ol className={styles.queueList} aria-label="Guides waiting for review">
          {guides.map((g) => (
            <li key={g.id}>
              <GuideItem guide={g} onDone={setNotice} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function GuideItem({ guide, onDone }: { guide: GeneratedGuide; onDone: (message: string) => void }) {
  const id = useId();
  const review = useReviewGuide();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ title: guide.title, summary: guide.summary, content: guide.content.join('\n\n') });
  const [error, setError] = useState<string | null>(null);

  const act = (action: 'approve' | 'reject', edits?: { title: string; summary: string; content: string[] }) => {
    setError(null);
    review.mutate({ id: guide.id, action, edits }, { onSuccess: ({ message }) => onDone(message), onError: (e) => setError(e.message) });
  };
  const saveAndApprove = (event: FormEvent) => {
    event.preventDefault();
    // Paragraphs are separated by a blank line in the text box.
    const content = draft.content
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean);
    act('approve', { title: draft.title, summary: draft.summary, content });
  };

  return (
    <article className={styles.item} aria-labelledby={`${id}-title`}>
      <p className={styles.itemMeta}>
        {capitalise(guide.subject)} · {capitalise(guide.level)} · {countOf(guide.metadata.word_count, 'word')} · from {countOf(guide.metadata.sources.length, 'source')}
      </p>
      {!editing ? (
        <>
          <h4 id={`${id}-title`} className={styles.itemQuestion}>
            {guide.title}
          </h4>
          <details className="details">
            <summary>Read the guide</summary>
            {guide.content.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
            <p className="muted">Sources: {guide.metadata.sources.map((s) => s.title).join(' · ')}</p>
          </details>
          <ReviewActions pending={review.isPending ? review.variables?.action : undefined} onAct={(action) => act(action)} onEdit={() => setEditing(true)} />
        </>
      ) : (
        <form onSubmit={saveAndApprove} className={styles.form} aria-label="Edit guide">
          <h4 id={`${id}-title`} className="visually-hidden">
            Edit guide
          </h4>
          <TextField label="Guide title" value={draft.title} onChange={(e) => setDraft({ ...draft, title: e.target.value })} />
          <TextField label="Summary" value={draft.summary} onChange={(e) => setDraft({ ...draft, summary: e.target.value })} />
          <div className="field">
            <label className="field__label" htmlFor={`${id}-content`}>
              Text (a blank line between paragraphs)
            </label>
            <textarea id={`${id}-content`} className="field__input" rows={10} value={draft.content} onChange={(e) => setDraft({ ...draft, content: e.target.value })} />
          </div>
          <div className="actions">
            <Button type="submit" loading={review.isPending}>
              Save and Approve
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)} disabled={review.isPending}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      <FormMessage message={error} />
    </article>
  );
}
