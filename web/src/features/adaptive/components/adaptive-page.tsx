import { countOf } from '#shared/text/counts.ts';
import type { Subject } from '#shared/constants.ts';
import { STYLE_NAMES } from '#shared/learning/learning.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { AdaptiveIcon, LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useAdaptive, type AdaptiveData } from '../api/adaptive-api.ts';
import styles from './adaptive.module.css';
import { capitalise } from '@/lib/capitalise.ts';

const topicName = (t: string) => capitalise(t.replace(/-/g, ' '));
const MOVE: Record<'up' | 'down' | 'stay', string> = { up: 'Ready to move up', down: 'Step back and consolidate', stay: 'Keep practising here' };

/** Shown instead of the page to accounts without adaptive_learning. */
export function AdaptiveUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2>Smart Learning is part of Premium</h2>
      <p className="muted">Follow a learning path that adapts to your results: recommended levels, strong and weak topics, and practice where it helps most.</p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

/** /adaptive: learning path, recommended levels, strong and weak areas, subject accuracy and quick actions (docs/learning.md). */
export function AdaptivePage() {
  const adaptive = useAdaptive();
  return (
    <div className={`page ${styles.page}`}>
      <div className={styles.header}>
        <h1 className="page__title">
          <AdaptiveIcon size={26} /> Smart Learning
        </h1>
        <LinkButton to="/dashboard" variant="secondary">
          Back to Dashboard
        </LinkButton>
      </div>
      {adaptive.isPending ? (
        <Spinner label="Loading your learning path" />
      ) : adaptive.isError ? (
        <Alert tone="error" title="Smart Learning could not be loaded">
          <Button variant="secondary" onClick={() => void adaptive.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : (
        <AdaptiveView data={adaptive.data} />
      )}
    </div>
  );
}

function AdaptiveView({ data }: { data: AdaptiveData }) {
  const path = data.learningPath;
  const weakest = data.weakTopics[0];
  const levelOf = (subject: Subject) => data.recommendations.find((r) => r.subject === subject)?.currentLevel ?? 'beginner';
  return (
    <div className={styles.grid}>
      <section className="card" aria-labelledby="path-title">
        <h2 id="path-title" className="card__title">
          Learning Path
        </h2>
        {path ? (
          <>
            <p>
              Now studying <strong>{capitalise(path.currentSubject)}</strong> at <strong>{capitalise(path.currentLevel)}</strong> level: {countOf(path.quizzes, 'quiz')} played.
            </p>
            <progress className={styles.bar} max={100} value={path.progress} aria-label="Progress to the next milestone" />
            <p className="muted">Next milestone: {countOf(path.nextMilestone, 'quiz')}</p>
          </>
        ) : (
          <p className="muted">Play your first quiz to start your learning path.</p>
        )}
        {data.learningStyle && (
          <p className="muted">
            Your learning style: <strong>{STYLE_NAMES[data.learningStyle]}</strong>
          </p>
        )}
      </section>

      <section className="card" aria-labelledby="levels-title">
        <h2 id="levels-title" className="card__title">
          Recommended Levels
        </h2>
        <ul className={styles.list}>
          {data.recommendations.map((r) => (
            <li key={r.subject} data-testid={`recommendation-${r.subject}`}>
              <strong>{capitalise(r.subject)}</strong>: {capitalise(r.recommendedLevel)}
              <span className="muted">
                {' '}
                · {r.attempts > 0 ? `${MOVE[r.move]} (recent average ${r.recentAverage}% over ${r.attempts} at ${capitalise(r.currentLevel)})` : 'Not started'}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="areas-title">
        <h2 id="areas-title" className="card__title">
          Strong and Weak Areas
        </h2>
        <h3 className={styles.subtitle}>Strong topics</h3>
        <TopicList topics={data.strongTopics} empty="None yet: topics where you score 80% or more appear here." />
        <h3 className={styles.subtitle}>Weak topics</h3>
        <TopicList topics={data.weakTopics} empty="None found: topics below 60% appear here." />
      </section>

      <section className="card" aria-labelledby="accuracy-title">
        <h2 id="accuracy-title" className="card__title">
          Subject Accuracy
        </h2>
        <ul className={styles.list}>
          {data.subjectAccuracy.map((s) => (
            <li key={s.subject}>
              <span>{capitalise(s.subject)}</span>{' '}
              {s.colour ? (
                <span className={`${styles.accuracy} ${styles[`accuracy--${s.colour}`] ?? ''}`}>{Math.round(s.accuracy * 100)}%</span>
              ) : (
                <span className="muted">No quizzes yet</span>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="actions-title">
        <h2 id="actions-title" className="card__title">
          Quick Actions
        </h2>
        <div className={styles.actions}>
          {weakest ? (
            <LinkButton to={`/quiz/${weakest.subject}/${levelOf(weakest.subject)}?focus=${encodeURIComponent(weakest.topic)}`}>Practice Weak Area: {topicName(weakest.topic)}</LinkButton>
          ) : (
            <LinkButton to={`/quiz/${data.recommendations[0]!.subject}/${data.recommendations[0]!.recommendedLevel}`}>Practice Now</LinkButton>
          )}
          <LinkButton to="/study" variant="secondary">
            Study Guides
          </LinkButton>
          <LinkButton to="/competition" variant="secondary">
            Challenge Mode
          </LinkButton>
        </div>
      </section>
    </div>
  );
}

function TopicList({ topics, empty }: { topics: AdaptiveData['strongTopics']; empty: string }) {
  if (topics.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className={styles.list}>
      {topics.map((t) => (
        <li key={`${t.subject}-${t.topic}`}>
          {topicName(t.topic)} <span className="muted">({capitalise(t.subject)}, {Math.round(t.accuracy * 100)}% of {t.total})</span>
        </li>
      ))}
    </ul>
  );
}
