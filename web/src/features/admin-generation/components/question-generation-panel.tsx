import { useId, useState, type FormEvent } from 'react';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import { GENERATION_MESSAGES as M, QUESTION_COUNT, isRecommendedCount, parseQuestionCount } from '#shared/generation/generation.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useDocumentSearch, useGenerateQuestions } from '../api/generation-api.ts';
import { ReviewQueue } from './review-queue.tsx';
import styles from './admin-generation.module.css';

type Source = 'document' | 'content';

/** Generate Questions: from a document of the knowledge base or pasted content, 5-50 (default 25), into the review queue. */
export function QuestionGenerationPanel() {
  const id = useId();
  const [source, setSource] = useState<Source>('document');
  const [search, setSearch] = useState('');
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [content, setContent] = useState('');
  const [subject, setSubject] = useState<Subject>('geography');
  const [level, setLevel] = useState<Level>('beginner');
  const [count, setCount] = useState(String(QUESTION_COUNT.default));
  const [result, setResult] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const debounced = useDebouncedValue(search, 300);
  const documents = useDocumentSearch(source === 'document' ? debounced : '');
  const generate = useGenerateQuestions();
  const parsedCount = parseQuestionCount(count);
  const ready = parsedCount.ok && (source === 'document' ? documentId !== null : content.trim().length >= 50);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready || !parsedCount.ok || generate.isPending) return;
    setResult(null);
    generate.mutate(
      source === 'document' ? { documentId: documentId!, level, count: parsedCount.count } : { content: content.trim(), subject, level, count: parsedCount.count },
      {
        onSuccess: ({ message }) => setResult({ tone: 'success', message }),
        onError: (error) => setResult({ tone: 'error', message: error.message.startsWith(M.questionsFailed) ? error.message : `${M.questionsFailed}: ${error.message}` }),
      },
    );
  };

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        AI Question Generation
      </h2>
      <p className="muted">Questions are made from the sentences of the text (fill in the blank) and wait in the review queue until you approve them.</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Generate questions">
        <fieldset className="choices">
          <legend className="choices__legend">Source</legend>
          <div className="choices__row">
            {(['document', 'content'] as const).map((s) => (
              <label key={s} className="choice">
                <input type="radio" name={`${id}-source`} value={s} checked={source === s} onChange={() => setSource(s)} />
                {s === 'document' ? 'A document of the knowledge base' : 'Pasted content'}
              </label>
            ))}
          </div>
        </fieldset>

        {source === 'document' ? (
          <div className={styles.documentPicker}>
            <TextField label="Find a document" value={search} onChange={(e) => setSearch(e.target.value)} hint="Type words from its title or text" />
            {documents.isFetching && <p className="muted">Searching…</p>}
            {documents.data && documents.data.length === 0 && <p className="muted">No documents match.</p>}
            {documents.data && documents.data.length > 0 && (
              <fieldset className={styles.documentList}>
                <legend className="visually-hidden">Document</legend>
                {documents.data.map((d) => (
                  <label key={d.id} className="choice">
                    <input type="radio" name={`${id}-document`} value={d.id} checked={documentId === d.id} onChange={() => setDocumentId(d.id)} />
                    {d.title}
                    {d.subject ? <span className="muted"> ({capitalise(d.subject)})</span> : null}
                  </label>
                ))}
              </fieldset>
            )}
          </div>
        ) : (
          <>
            <SelectField label="Subject" value={subject} options={SUBJECTS} optionLabel={capitalise} onChange={setSubject} />
            <div className="field">
              <label className="field__label" htmlFor={`${id}-content`}>
                Content
              </label>
              <p className="field__hint" id={`${id}-content-hint`}>
                At least 50 characters
              </p>
              <textarea id={`${id}-content`} className={`field__input ${styles.textarea}`} rows={6} value={content} onChange={(e) => setContent(e.target.value)} aria-describedby={`${id}-content-hint`} />
            </div>
          </>
        )}

        <div className={styles.row}>
          <SelectField label="Level" value={level} options={LEVELS} optionLabel={capitalise} onChange={setLevel} />
          <TextField
            label="Number of questions"
            type="number"
            inputMode="numeric"
            min={QUESTION_COUNT.min}
            max={QUESTION_COUNT.max}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            error={parsedCount.ok ? undefined : parsedCount.message}
            hint={parsedCount.ok && !isRecommendedCount(parsedCount.count) ? 'Recommended: 25-35' : '5 to 50, recommended 25-35'}
          />
        </div>
        <Button type="submit" loading={generate.isPending} disabled={!ready}>
          Generate Questions
        </Button>
        <FormMessage message={result?.tone === 'error' ? result.message : null} />
        {result?.tone === 'success' && <Alert tone="success">{result.message}</Alert>}
      </form>
      <ReviewQueue />
    </section>
  );
}
