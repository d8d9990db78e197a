import { useId, useState, type FormEvent } from 'react';
import { formatDuration, studyPlanRequestSchema, VIDEO_MESSAGES, type VideoItem } from '#shared/explanations/explanations.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { TextField } from '@/components/text-field.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useAddToStudyPlan, useVideoAction } from '../api/videos-api.ts';
import { VideoPlayer } from './video-player.tsx';
import styles from './video-library.module.css';

export interface VideoDetailProps {
  item: VideoItem;
  onClose(): void;
  /** Related Topics: a click sets the search (and closes the detail). */
  onTopic(topic: string): void;
}

/** The video's shareable address: the library opens it (for the account that has it). */
export const videoLink = (id: string): string => `${window.location.origin}/video-explanations?video=${encodeURIComponent(id)}`;

async function share(item: VideoItem): Promise<string | null> {
  const url = videoLink(item.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: item.title, url });
      return null;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return null;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    return VIDEO_MESSAGES.linkCopied;
  } catch {
    return `Copy this link to share the video: ${url}`;
  }
}

/** Detail view (docs/ai.md): the player, Video Stats, Actions, Related Topics, Tags. */
export function VideoDetail({ item, onClose, onTopic }: VideoDetailProps) {
  const action = useVideoAction();
  const [notice, setNotice] = useState<string | null>(null);
  const [planning, setPlanning] = useState(false);
  const pending = action.isPending;
  return (
    <Dialog open title={item.title} onClose={onClose}>
      <div className={styles.detail}>
        <VideoPlayer item={item} onStart={() => !item.watched && action.mutate({ id: item.id, action: { kind: 'watch' } })} />

        <section aria-labelledby={`${item.id}-stats`}>
          <h3 id={`${item.id}-stats`} className={styles.sectionTitle}>
            Video Stats
          </h3>
          <dl className={styles.stats}>
            <div>
              <dt>Duration</dt>
              <dd>{formatDuration(item.duration)}</dd>
            </div>
            <div>
              <dt>Views</dt>
              <dd data-testid="video-views">{item.views}</dd>
            </div>
            <div>
              <dt>Likes</dt>
              <dd data-testid="video-likes">{item.likes}</dd>
            </div>
            <div>
              <dt>Rating</dt>
              <dd>{item.rating === null ? 'Not rated yet' : `${item.rating} / 5 (${item.ratingCount} ${item.ratingCount === 1 ? 'rating' : 'ratings'})`}</dd>
            </div>
            <div>
              <dt>Difficulty</dt>
              <dd>{capitalise(item.difficulty)}</dd>
            </div>
          </dl>
          <p className={styles.answerLine}>
            {item.chosenAnswer !== null && (
              <>
                You answered <strong>{item.chosenAnswer}</strong>.{' '}
              </>
            )}
            The correct answer is <strong>{item.correctAnswer}</strong>.
          </p>
        </section>

        <section aria-labelledby={`${item.id}-actions`}>
          <h3 id={`${item.id}-actions`} className={styles.sectionTitle}>
            Actions
          </h3>
          <div className="actions">
            <LinkButton to={`/quiz/${item.subject}/${item.level}?focus=${encodeURIComponent(item.topic)}`}>Practice Similar Questions</LinkButton>
            <Button variant="secondary" aria-expanded={planning} onClick={() => setPlanning(!planning)}>
              Add to Study Plan
            </Button>
            <Button variant="secondary" aria-pressed={item.liked} disabled={pending} onClick={() => action.mutate({ id: item.id, action: { kind: 'like', liked: !item.liked } })}>
              {item.liked ? 'Liked' : 'Like'}
            </Button>
            <Button variant="secondary" aria-pressed={item.saved} disabled={pending} onClick={() => action.mutate({ id: item.id, action: { kind: 'save', saved: !item.saved } })}>
              {item.saved ? 'Saved' : 'Save'}
            </Button>
            <Button variant="secondary" onClick={() => void share(item).then(setNotice)}>
              Share
            </Button>
          </div>
          <Rating item={item} disabled={pending} onRate={(rating) => action.mutate({ id: item.id, action: { kind: 'rate', rating } })} />
          {action.isError && <Alert tone="error">The change could not be saved. Try again.</Alert>}
          {notice && <Alert tone="success">{notice}</Alert>}
          {planning && <StudyPlanForm item={item} onDone={() => setPlanning(false)} />}
        </section>

        {item.explanation.relatedTopics.length > 0 && (
          <section aria-labelledby={`${item.id}-topics`}>
            <h3 id={`${item.id}-topics`} className={styles.sectionTitle}>
              Related Topics
            </h3>
            <ul className={styles.chipList}>
              {item.explanation.relatedTopics.map((topic) => (
                <li key={topic}>
                  <button type="button" className={styles.chip} onClick={() => onTopic(topic)}>
                    {topic}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby={`${item.id}-tags`}>
          <h3 id={`${item.id}-tags`} className={styles.sectionTitle}>
            Tags
          </h3>
          <ul className={styles.chipList}>
            {item.tags.map((tag) => (
              <li key={tag} className="badge">
                #{tag}
              </li>
            ))}
          </ul>
        </section>

        {item.explanation.sources.length > 0 && (
          <section aria-labelledby={`${item.id}-sources`}>
            <h3 id={`${item.id}-sources`} className={styles.sectionTitle}>
              Sources
            </h3>
            <ol className={styles.sources}>
              {item.explanation.sources.map((s) => (
                <li key={`${s.kind}-${s.id}`}>
                  <cite>{s.title}</cite>
                </li>
              ))}
            </ol>
          </section>
        )}
        <div className="actions">
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

function Rating({ item, disabled, onRate }: { item: VideoItem; disabled: boolean; onRate(rating: number): void }) {
  return (
    <div className={styles.rating} role="group" aria-label="Rate this video">
      <span className="muted">Your rating:</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <button
          key={n}
          type="button"
          className={`${styles.star} ${item.myRating !== null && n <= item.myRating ? styles['star--on'] : ''}`}
          aria-pressed={item.myRating === n}
          aria-label={`${n} ${n === 1 ? 'star' : 'stars'}`}
          disabled={disabled}
          onClick={() => onRate(n)}
        >
          ★
        </button>
      ))}
    </div>
  );
}

/** Add to study plan: title non-empty after trimming; the button is disabled while saving (docs/ai.md). */
function StudyPlanForm({ item, onDone }: { item: VideoItem; onDone(): void }) {
  const id = useId();
  const [title, setTitle] = useState(`Review: ${item.title}`.slice(0, 100));
  const add = useAddToStudyPlan();
  const valid = studyPlanRequestSchema.safeParse({ title });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid.success || add.isPending) return;
    add.mutate({ id: item.id, title: valid.data.title });
  };
  return (
    <form className={`form ${styles.planForm}`} onSubmit={submit} aria-labelledby={`${id}-plan`} noValidate>
      <p id={`${id}-plan`} className={styles.sectionTitle}>
        Add to Study Plan
      </p>
      <TextField label="Plan title" value={title} maxLength={100} onChange={(e) => setTitle(e.target.value)} error={valid.success ? undefined : valid.error.issues[0]?.message} required />
      <div className="actions">
        <Button type="submit" disabled={!valid.success} loading={add.isPending}>
          Save to Study Plan
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <FormMessage message={add.isError ? VIDEO_MESSAGES.addPlanFailed : add.isSuccess ? VIDEO_MESSAGES.addPlanDone : null} tone={add.isError ? 'error' : 'success'} />
    </form>
  );
}
