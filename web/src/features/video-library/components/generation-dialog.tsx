import { useEffect, useRef, useState } from 'react';
import { GENERATE_PAUSE_MS, VIDEO_MESSAGES, type GenerateTarget } from '#shared/explanations/explanations.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { addVideo } from '../api/videos-api.ts';
import styles from './video-library.module.css';

type Outcome = { target: GenerateTarget; ok: true; added: boolean } | { target: GenerateTarget; ok: false; message: string };

/**
 * Video generation from `?generate=true&questions=…` (docs/ai.md): one POST /api/videos per
 * question with a 0.5 s pause between (docs/ai.md), progress current/total, then "Videos Generated!" with
 * View Library and Back to Dashboard. `onFinished` runs once when the last one is done (the page
 * clears the query and reloads the list).
 */
export function GenerationDialog({ targets, onFinished, onClose }: { targets: readonly GenerateTarget[]; onFinished(): void; onClose(): void }) {
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [done, setDone] = useState(targets.length === 0);
  const ran = useRef(false);
  const finished = useRef(onFinished);

  useEffect(() => {
    finished.current = onFinished;
  }, [onFinished]);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    void (async () => {
      for (const [i, target] of targets.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, GENERATE_PAUSE_MS));
        let outcome: Outcome;
        try {
          const answer = await addVideo(target);
          outcome = { target, ok: true, added: answer.added ?? false };
        } catch (error) {
          outcome = { target, ok: false, message: isApiError(error) ? error.message : 'Failed to generate explanation' };
        }
        setOutcomes((list) => [...list, outcome]);
      }
      setDone(true);
      finished.current();
    })();
  }, [targets]);

  const total = targets.length;
  const current = Math.min(outcomes.length + 1, total);
  const made = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.filter((o): o is Extract<Outcome, { ok: false }> => !o.ok);

  return (
    <Dialog open title={done ? VIDEO_MESSAGES.generated : 'Generating Videos'} onClose={done ? onClose : () => undefined}>
      {!done ? (
        <div className={styles.generating}>
          <p role="status">
            Generating video {current} of {total}…
          </p>
          <progress className={styles.progress} max={total} value={outcomes.length} aria-label="Videos generated">
            {outcomes.length} of {total}
          </progress>
          <p className="muted">Each explanation is written from our knowledge base; a new one takes 10-15 seconds.</p>
        </div>
      ) : (
        <div className={styles.generating}>
          <p role="status">
            {made} of {total} {total === 1 ? 'video is' : 'videos are'} in your library.
          </p>
          {failed.length > 0 && (
            <ul className={styles.failures}>
              {failed.map((f) => (
                <li key={`${f.target.roundId}:${f.target.questionId}`}>{f.message}</li>
              ))}
            </ul>
          )}
          <div className="actions">
            <Button onClick={onClose}>View Library</Button>
            <LinkButton to="/dashboard" variant="secondary">
              Back to Dashboard
            </LinkButton>
          </div>
        </div>
      )}
    </Dialog>
  );
}
