import { STYLE_NAMES } from '#shared/learning/learning.ts';
import { LinkButton } from '@/components/button.tsx';
import { useLearningStyle } from '../api/learning-style-api.ts';
import styles from './learning-style.module.css';

/** The dashboard's learning tools: the saved learning style (or the assessment) and links to Smart Learning and Study Goals. */
export function LearningToolsCard() {
  const style = useLearningStyle();
  const result = style.data?.result ?? null;
  return (
    <section className="card" aria-labelledby="learning-tools-title">
      <h2 id="learning-tools-title" className="card__title">
        Learning Tools
      </h2>
      <div className={styles.tools}>
        {result ? (
          <p>
            Your learning style: <strong data-testid="dashboard-learning-style">{STYLE_NAMES[result.learning_style]}</strong>{' '}
            <LinkButton to="/learning-style" variant="link">
              Retake
            </LinkButton>
          </p>
        ) : (
          <p className="muted">{style.isPending ? 'Loading your learning style…' : 'Find out how you learn best.'}</p>
        )}
        <div className={styles.tools__links}>
          {!result && !style.isPending && <LinkButton to="/learning-style">Take the Learning Style Assessment</LinkButton>}
          <LinkButton to="/adaptive" variant="secondary">
            Smart Learning
          </LinkButton>
          <LinkButton to="/study-plans" variant="secondary">
            Study Goals
          </LinkButton>
          <LinkButton to="/offline" variant="secondary">
            Offline Quizzes
          </LinkButton>
          <LinkButton to="/progress-reports" variant="secondary">
            Progress Report
          </LinkButton>
          <LinkButton to="/study" variant="secondary">
            Study Guides
          </LinkButton>
        </div>
      </div>
    </section>
  );
}
