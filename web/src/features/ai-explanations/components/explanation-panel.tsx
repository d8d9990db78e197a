import { useId } from 'react';
import type { Level, Subject } from '#shared/constants.ts';
import { EXPLANATION_MESSAGES as M, fallbackExplanation, type Explanation } from '#shared/explanations/explanations.ts';
import { Button } from '@/components/button.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useExplanation } from '../api/explanations-api.ts';
import styles from './explanation-panel.module.css';

export interface ExplanationPanelProps {
  roundId: string;
  questionId: string;
  subject: Subject;
  level: Level;
  topic: string;
  yourAnswer: string | null;
  correctAnswer: string;
}

const SOURCE_KIND: Record<Explanation['sources'][number]['kind'], string> = {
  document: 'Document',
  country: 'Country fact sheet',
  question: 'Question bank',
  guide: 'Study guide',
};

/**
 * The AI explanation panel of a reviewed wrong answer (docs/ai.md): loading (10-15 s),
 * then the explanation (text, key points, related topics, video script, sources) or the docs/ai.md
 * fallback under "Explanation Unavailable" with Try Again.
 */
export function ExplanationPanel(props: ExplanationPanelProps) {
  const id = useId();
  const query = useExplanation({ roundId: props.roundId, questionId: props.questionId, answer: props.yourAnswer });
  const { data, isPending, isError, error, isFetching, refetch } = query;

  const fallback =
    isError || data?.fallback
      ? (data?.explanation ??
        fallbackExplanation({ questionId: props.questionId, subject: props.subject, level: props.level, correctAnswer: props.correctAnswer, chosenAnswer: props.yourAnswer, topic: props.topic, now: new Date() }))
      : null;
  const reason = isError ? failureText(error) : M.nothingFound;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`} aria-busy={isFetching || undefined}>
      <h3 id={`${id}-title`} className={styles.title}>
        AI Explanation
        {data?.cached && <span className={`badge ${styles.cached}`}>From cache</span>}
      </h3>
      {isPending && isFetching && <Spinner label={M.wait} />}
      {fallback && (
        <div className={styles.unavailable} role="alert">
          <p className={styles.unavailableTitle}>{M.unavailable}</p>
          <p>{reason}</p>
          <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
            Try Again
          </Button>
        </div>
      )}
      {(fallback ?? data?.explanation) && <ExplanationBody explanation={(fallback ?? data?.explanation)!} />}
    </section>
  );
}

/** docs/ai.md: the server's own message for a refusal; otherwise what went wrong, as the spec words it. */
function failureText(error: unknown): string {
  if (!isApiError(error)) return `${M.failed}. ${M.unexpected}`;
  if (error.code === 'invalid_response') return `${M.failed}. ${M.nonJson}`;
  if (error.status === 0) return `${M.failed}. ${error.message}`;
  if (error.status >= 500) return `${M.failed}. ${M.httpError(error.status)}`;
  return error.message;
}

function ExplanationBody({ explanation }: { explanation: Explanation }) {
  return (
    <div className={styles.body}>
      <p className={styles.text}>{explanation.textExplanation}</p>
      {explanation.keyPoints.length > 0 && (
        <>
          <h4 className={styles.heading}>Key Points</h4>
          <ul className={styles.points}>
            {explanation.keyPoints.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </>
      )}
      {explanation.relatedTopics.length > 0 && (
        <>
          <h4 className={styles.heading}>Related Topics</h4>
          <ul className={styles.topics} aria-label="Related topics">
            {explanation.relatedTopics.map((topic) => (
              <li key={topic} className="badge">
                {topic}
              </li>
            ))}
          </ul>
        </>
      )}
      <details className={styles.script}>
        <summary>Video Script</summary>
        {explanation.videoScript.split(/\n\s*\n/).map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </details>
      {explanation.sources.length > 0 && (
        <>
          <h4 className={styles.heading}>Sources</h4>
          <ol className={styles.sources} aria-label="Sources">
            {explanation.sources.map((source) => (
              <li key={`${source.kind}-${source.id}`}>
                <cite>{source.title}</cite> <span className="muted">({SOURCE_KIND[source.kind]})</span>
                <blockquote className={styles.excerpt}>{source.excerpt}</blockquote>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
