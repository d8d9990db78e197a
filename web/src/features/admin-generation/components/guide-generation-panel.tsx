import { countOf } from '#shared/text/counts.ts';
import { useId, useState, type FormEvent } from 'react';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { GENERATION_MESSAGES as M, GUIDE_LENGTH_NAMES, guideLengthLabel, parseFocusAreas, type FactCheckResult, type GeneratedGuide, type GuideLength } from '#shared/generation/generation.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useAllGuides, useFactCheck, useGenerateGuide, useGuideReviewQueue } from '../api/generation-api.ts';
import { GuideReviewQueue } from './guide-review-queue.tsx';
import styles from './admin-generation.module.css';

const failure = (prefix: string, message: string) => (message.startsWith(prefix) ? message : `${prefix}: ${message}`);

/** Generate AI Guide (subject, level, topic, length, focus areas) and Fact Check of any guide. */
export function GuideGenerationPanel() {
  const id = useId();
  const [subject, setSubject] = useState<Subject>('geography');
  const [level, setLevel] = useState<Level>('beginner');
  const [topic, setTopic] = useState('');
  const [length, setLength] = useState<GuideLength>('medium');
  const [focus, setFocus] = useState('');
  const [guide, setGuide] = useState<{ guide: GeneratedGuide; warning: string | null; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const generate = useGenerateGuide();
  const areas = parseFocusAreas(focus);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!topic.trim() || generate.isPending) {
      if (!topic.trim()) setError(M.topicRequired);
      return;
    }
    setError(null);
    setGuide(null);
    generate.mutate(
      { subject, difficulty_level: level, topic: topic.trim(), length, focus_areas: focus },
      { onSuccess: (r) => setGuide(r), onError: (e) => setError(failure(M.guideFailed, e.message)) },
    );
  };

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        AI Study Guides
      </h2>
      <p className="muted">Guides are written only from the knowledge base. A new guide waits for your review below; once approved it is listed in Study Guides for Premium students.</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Generate a study guide">
        <div className={styles.row}>
          <SelectField label="Guide subject" value={subject} options={SUBJECTS} optionLabel={capitalise} onChange={setSubject} />
          <SelectField label="Guide level" value={level} options={LEVELS} optionLabel={capitalise} onChange={setLevel} />
        </div>
        <TextField label="Topic" value={topic} onChange={(e) => setTopic(e.target.value)} error={error === M.topicRequired ? error : undefined} />
        <fieldset className="choices">
          <legend className="choices__legend">Length</legend>
          <div className="choices__row">
            {GUIDE_LENGTH_NAMES.map((l) => (
              <label key={l} className="choice">
                <input type="radio" name={`${id}-length`} value={l} checked={length === l} onChange={() => setLength(l)} />
                {guideLengthLabel(l)}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Focus areas (optional)"
          value={focus}
          onChange={(e) => setFocus(e.target.value)}
          hint={areas.length ? `Comma-separated: ${areas.join(' · ')}` : 'Comma-separated, e.g. rivers, mountains'}
        />
        <Button type="submit" loading={generate.isPending}>
          Generate AI Guide
        </Button>
        <FormMessage message={error && error !== M.topicRequired ? error : null} />
      </form>

      {guide && (
        <article className={styles.result} aria-labelledby={`${id}-guide`}>
          <Alert tone="success">{guide.message}</Alert>
          {guide.warning && <Alert tone="info">{guide.warning}</Alert>}
          <h3 id={`${id}-guide`} className={styles.subTitle}>
            {guide.guide.title}
          </h3>
          <p className="muted">
            {capitalise(guide.guide.subject)} · {capitalise(guide.guide.level)} · {countOf(guide.guide.metadata.word_count, 'word')}
          </p>
          {guide.guide.content.slice(0, 2).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {guide.guide.content.length > 2 && <p className="muted">… {countOf(guide.guide.content.length - 2, 'more paragraph', 'more paragraphs')} in the review queue below.</p>}
          <h4 className={styles.smallTitle}>Key points</h4>
          <ul>
            {guide.guide.metadata.key_points.map((k) => (
              <li key={k}>{k}</li>
            ))}
          </ul>
          <h4 className={styles.smallTitle}>Sources</h4>
          <ul>
            {guide.guide.metadata.sources.map((s) => (
              <li key={`${s.kind}-${s.id}`}>{s.title}</li>
            ))}
          </ul>
        </article>
      )}

      <GuideReviewQueue />

      <FactCheck preselect={guide?.guide.id ?? null} />
    </section>
  );
}

/** Fact Check: each statement of a guide marked supported (with its source) or not found in the knowledge base. */
function FactCheck({ preselect }: { preselect: string | null }) {
  const id = useId();
  const listed = useAllGuides();
  // Pending guides too: checking a guide before approving it is the point of the check.
  const pending = useGuideReviewQueue('pending');
  const guides = { data: listed.data ? { guides: [...(pending.data?.guides ?? []).map((g) => ({ id: g.id, title: `${g.title} (pending review)`, ai_generated: true })), ...listed.data.guides] } : undefined };
  const check = useFactCheck();
  const [chosen, setChosen] = useState<string>('');
  const [result, setResult] = useState<{ result: FactCheckResult; message: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const guideId = chosen || preselect || guides.data?.guides[0]?.id || '';

  const run = () => {
    if (!guideId || check.isPending) return;
    setError(null);
    setResult(null);
    check.mutate(guideId, { onSuccess: (r) => setResult(r), onError: (e) => setError(failure(M.factCheckFailed, e.message)) });
  };

  return (
    <section className={styles.factCheck} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.subTitle}>
        Fact Check
      </h3>
      <div className={styles.row}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-guide`}>
            Guide to check
          </label>
          <select id={`${id}-guide`} className="field__input" value={guideId} onChange={(e) => setChosen(e.target.value)}>
            {guides.data?.guides.map((g) => (
              <option key={g.id} value={g.id}>
                {g.title}
                {g.ai_generated ? ' (AI)' : ''}
              </option>
            ))}
          </select>
        </div>
        <Button variant="secondary" onClick={run} loading={check.isPending} disabled={!guideId}>
          Fact Check
        </Button>
      </div>
      <FormMessage message={error} />
      {result && (
        <div aria-live="polite">
          <Alert tone="info">{result.message}</Alert>
          <ol className={styles.claims}>
            {result.result.claims.map((c, i) => (
              <li key={i} className={c.supported ? styles.supported : styles.unsupported}>
                <span className="badge">{c.supported ? 'Supported' : 'Not supported'}</span> {c.sentence}
                {c.source && (
                  <details className="details">
                    <summary>Source: {c.source.title}</summary>
                    <blockquote className={styles.passage}>{c.source.excerpt}</blockquote>
                  </details>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
