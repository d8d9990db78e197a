import { useId, useMemo, useState } from 'react';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { filterReviewItems, REVIEW_LIMITS, REVIEW_MESSAGES, type ReviewFilters, type ReviewItem } from '#shared/review/review.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useReviewList, useSaveNotes } from '../api/review-api.ts';
import styles from './review.module.css';
import { capitalise } from '@/lib/capitalise.ts';

/** /review: bookmarked questions with the correct answer and editable notes; text search, subject and level filters. */
export function ReviewPage() {
  const list = useReviewList();
  const [filters, setFilters] = useState<ReviewFilters>({ search: '', subject: 'all', level: 'all' });
  const shown = useMemo(() => filterReviewItems(list.data?.items ?? [], filters), [list.data, filters]);

  return (
    <div className={`page ${styles.page}`}>
      <LinkButton to="/dashboard" variant="link" className={styles.back}>
        ← Back to Dashboard
      </LinkButton>
      <h1 className="page__title">Review Mode</h1>
      <p className="muted">Your bookmarked questions with their correct answers. Add notes to remember why.</p>

      <form className={styles.filters} role="search" aria-label="Filter review questions" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label className="field__label" htmlFor="review-search">
            Search
          </label>
          <input
            id="review-search"
            className="field__input"
            type="search"
            placeholder="Search questions, answers and notes"
            maxLength={REVIEW_LIMITS.searchMax}
            value={filters.search}
            onChange={(e) => setFilters({ ...filters, search: e.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="review-subject">
            Subject
          </label>
          <select id="review-subject" className="field__input" value={filters.subject} onChange={(e) => setFilters({ ...filters, subject: e.target.value as Subject | 'all' })}>
            <option value="all">All subjects</option>
            {SUBJECTS.map((subject) => (
              <option key={subject} value={subject}>
                {capitalise(subject)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="review-level">
            Level
          </label>
          <select id="review-level" className="field__input" value={filters.level} onChange={(e) => setFilters({ ...filters, level: e.target.value as Level | 'all' })}>
            <option value="all">All levels</option>
            {LEVELS.map((level) => (
              <option key={level} value={level}>
                {capitalise(level)}
              </option>
            ))}
          </select>
        </div>
      </form>

      {list.isPending && <Spinner label="Loading your bookmarked questions…" />}
      {list.isError && !list.data && (
        <Alert tone="error">
          {REVIEW_MESSAGES.fetchFailed}.{' '}
          <Button variant="link" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </Alert>
      )}
      {list.data && list.data.held > 0 && (
        <p className={`muted ${styles.held}`}>
          {list.data.held === 1 ? '1 bookmarked question is' : `${list.data.held} bookmarked questions are`} in the round you are playing: {list.data.held === 1 ? 'it shows' : 'they show'} here once
          answered.
        </p>
      )}
      {list.data && shown.length === 0 && <p className={`card ${styles.empty}`}>{REVIEW_MESSAGES.empty}</p>}
      {shown.length > 0 && (
        <ul className={styles.list} aria-label="Bookmarked questions">
          {shown.map((item) => (
            <li key={item.questionId}>
              <ReviewCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One bookmarked question: the answer, the explanation and the notes editor. */
function ReviewCard({ item }: { item: ReviewItem }) {
  const id = useId();
  const [draft, setDraft] = useState(item.notes);
  const [message, setMessage] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const save = useSaveNotes();
  const tooLong = draft.length > REVIEW_LIMITS.notesMax;

  const submit = () => {
    if (tooLong) {
      setMessage({ text: REVIEW_MESSAGES.notesTooLong, tone: 'error' });
      return;
    }
    setMessage(null);
    save.mutate(
      { questionId: item.questionId, notes: draft },
      {
        onSuccess: ({ notes }) => {
          setDraft(notes);
          setMessage({ text: 'Notes saved', tone: 'success' });
        },
        onError: (error) => setMessage({ text: isApiError(error) ? error.message : REVIEW_MESSAGES.notesFailed, tone: 'error' }),
      },
    );
  };

  return (
    <article className={`card ${styles.item}`} aria-labelledby={`${id}-q`}>
      <p className={styles.tags}>
        <span className="badge">{capitalise(item.subject)}</span> <span className="badge">{capitalise(item.level)}</span>
      </p>
      <h2 id={`${id}-q`} className={styles.question}>
        {item.question}
      </h2>
      <p className={styles.answer}>
        <span className={styles.answerLabel}>Correct answer:</span> <strong>{item.correctAnswer}</strong>
      </p>
      {item.explanation && <p className={`muted ${styles.explanation}`}>{item.explanation}</p>}
      <form
        className={styles.notes}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="field__label" htmlFor={`${id}-notes`}>
          Your notes
        </label>
        <textarea
          id={`${id}-notes`}
          className={`field__input ${styles.textarea}`}
          rows={3}
          value={draft}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count`}
          onChange={(e) => {
            setDraft(e.target.value);
            setMessage(null);
          }}
        />
        <div className={styles.notesBar}>
          <span id={`${id}-count`} className={`${styles.count} ${tooLong ? styles.countOver : ''}`}>
            {draft.length} / {REVIEW_LIMITS.notesMax}
          </span>
          <Button type="submit" variant="secondary" loading={save.isPending} disabled={draft === item.notes && message?.tone !== 'error'}>
            Save Notes
          </Button>
        </div>
        <div className={styles.status} role="status">
          {message && <p className={message.tone === 'error' ? styles.error : styles.saved}>{message.text}</p>}
        </div>
      </form>
    </article>
  );
}
