import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ReviewResponse } from '#shared/quiz/contracts.ts';
import { Alert } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { quizKeys } from '../api/query-keys.ts';
import { getReview } from '../api/rounds.ts';
import styles from './review-dialog.module.css';

type Item = ReviewResponse['items'][number];
export type ReviewItem = Item;
/** The review has no images; the round's own questions do. */
export interface ReviewImage {
  url: string;
  caption: string | null;
}
type Load = { status: 'loading' } | { status: 'failed'; message: string; premium: boolean } | { status: 'ready'; items: Item[] };

/** A finished round's review: the same every time it is opened, so it is fetched once. */
function useReview(roundId: string): Load {
  const { data, error, isError } = useQuery({
    queryKey: quizKeys.review(roundId),
    queryFn: ({ signal }) => getReview(roundId, signal),
    staleTime: Infinity,
  });
  if (data) return { status: 'ready', items: data.items };
  if (isError) {
    return {
      status: 'failed',
      message: isApiError(error) ? error.message : 'The review could not be loaded.',
      premium: isApiError(error) && error.status === 403,
    };
  }
  return { status: 'loading' };
}

const topicLabel = (topic: string) => topic.replace(/-/g, ' ');

export interface ReviewDialogProps {
  roundId: string;
  images: ReadonlyMap<string, ReviewImage>;
  onClose(): void;
  /** A slot under each page's explanation (the app composes other features here, e.g. the AI explanation). */
  renderExtra?: (item: Item) => ReactNode;
}

/** Review Incorrect Answers: one wrong answer a page, with the explanation (premium; the server checks). */
export function ReviewDialog({ roundId, images, onClose, renderExtra }: ReviewDialogProps) {
  const load = useReview(roundId);
  const [page, setPage] = useState(0);

  return (
    <Dialog open title="Review Incorrect Answers" onClose={onClose}>
      {load.status === 'loading' && <Spinner label="Loading your answers…" />}
      {load.status === 'failed' && (
        <>
          <Alert tone="error">{load.message}</Alert>
          {load.premium && (
            <p>
              <Link to="/subscription">Start a free Premium trial</Link> to review your answers.
            </p>
          )}
          <div className="actions">
            <Button onClick={onClose}>Finish Review</Button>
          </div>
        </>
      )}
      {load.status === 'ready' && <ReviewPages items={load.items} images={images} page={page} setPage={setPage} onClose={onClose} renderExtra={renderExtra} />}
    </Dialog>
  );
}

interface PagesProps {
  items: Item[];
  images: ReadonlyMap<string, ReviewImage>;
  page: number;
  setPage(page: number): void;
  onClose(): void;
  renderExtra?: (item: Item) => ReactNode;
}

function ReviewPages({ items, images, page, setPage, onClose, renderExtra }: PagesProps) {
  const item = items[page];
  if (!item) {
    return (
      <>
        <p>Nothing to review: every question was answered correctly.</p>
        <div className="actions">
          <Button onClick={onClose}>Finish Review</Button>
        </div>
      </>
    );
  }
  const first = page === 0;
  const last = page === items.length - 1;
  const image = images.get(item.questionId);
  return (
    <div className="review">
      <p className="review__position muted">
        Question {page + 1} of {items.length} · <span className={styles.review__topic}>{topicLabel(item.topic)}</span>
      </p>
      <p className={styles.review__question}>{item.question}</p>
      {image && <img className={styles.review__image} src={image.url} alt={image.caption ?? 'Question image'} />}
      <dl className={styles.review__answers}>
        <div className={`${styles.review__answer} ${styles['review__answer--yours']}`}>
          <dt>Your answer</dt>
          <dd>
            <span aria-hidden="true">✗ </span>
            {item.yourAnswer ?? 'Not answered'}
          </dd>
        </div>
        <div className={`${styles.review__answer} ${styles['review__answer--correct']}`}>
          <dt>Correct answer</dt>
          <dd>
            <span aria-hidden="true">✓ </span>
            {item.correctAnswer}
          </dd>
        </div>
      </dl>
      <p className={styles.review__explanation}>{item.explanation}</p>
      {renderExtra?.(item)}
      <div className="actions">
        <Button variant="secondary" aria-disabled={first || undefined} onClick={() => !first && setPage(page - 1)}>
          Previous
        </Button>
        {last ? <Button onClick={onClose}>Finish Review</Button> : <Button onClick={() => setPage(page + 1)}>Next</Button>}
      </div>
    </div>
  );
}
