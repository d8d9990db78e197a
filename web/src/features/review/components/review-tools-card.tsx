import { LinkButton } from '@/components/button.tsx';
import { LockIcon } from '@/components/icons.tsx';
import styles from './review-tools-card.module.css';

/** The dashboard's way into Review Mode and spaced repetition (a lock when the plan lacks spaced_repetition). */
export function ReviewToolsCard({ spacedRepetitionLocked }: { spacedRepetitionLocked: boolean }) {
  return (
    <section className={`card ${styles.tools}`} aria-labelledby="review-tools-title">
      <div>
        <h2 id="review-tools-title" className="card__title">
          Review
        </h2>
        <p className="muted">Go over your bookmarked questions, and repeat the ones you missed when they are due.</p>
      </div>
      <div className={styles.links}>
        <LinkButton to="/review" variant="secondary">
          Review Mode
        </LinkButton>
        <LinkButton to="/spaced-repetition" variant="secondary">
          {spacedRepetitionLocked && <LockIcon size={14} />} Spaced Repetition
          {spacedRepetitionLocked && <span className="visually-hidden"> (Premium)</span>}
        </LinkButton>
      </div>
    </section>
  );
}
