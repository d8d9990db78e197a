import { useId, useState, type FormEvent } from 'react';
import { SUBJECTS, type Subject } from '#shared/constants.ts';
import { DOCUMENT_HINTS, DOCUMENT_LIMITS, DOCUMENT_MESSAGES, type DocumentState } from '#shared/knowledge/documents.ts';
import { DEFAULT_MAX_RESULTS, DEFAULT_THRESHOLD, SIMILARITY_THRESHOLDS } from '#shared/knowledge/similarity.ts';
import { Alert, FormMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { SelectField } from '@/components/select-field.tsx';
import { TextField } from '@/components/text-field.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useAddDocuments, useDocumentSearch } from '../api/documents-api.ts';
import { checkDocumentForm, similarityLabel, SOURCE_KIND_LABEL, type DocumentField } from '../document-form.ts';
import { DocumentStatusList } from './document-status-list.tsx';
import styles from './documents.module.css';

/** The admin dashboard's knowledge base: Add Document, the added documents as they are embedded, then the similarity search over everything it holds. */
export function DocumentsTab() {
  return (
    <div className={styles.tab}>
      <AddDocumentForm />
      <DocumentStatusList />
      <KnowledgeSearch />
    </div>
  );
}

const EMPTY = { title: '', subject: '', category: '', content: '' };

function AddDocumentForm() {
  const id = useId();
  const [form, setForm] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<DocumentField, boolean>>>({});
  const [added, setAdded] = useState<DocumentState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useAddDocuments();
  const check = checkDocumentForm(form);
  const shown = (field: DocumentField) => (touched[field] ? check.errors[field] : undefined);
  const set = (field: DocumentField, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setAdded(null);
  };
  const touch = (field: DocumentField) => setTouched((t) => ({ ...t, [field]: true }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ title: true, subject: true, category: true, content: true });
    if (!check.document || save.isPending) return;
    setFailure(null);
    save.mutate([check.document], {
      onSuccess: ({ documents }) => {
        setAdded(documents[0] ?? null);
        setForm(EMPTY);
        setTouched({});
      },
      onError: (error) => setFailure(error.message || DOCUMENT_MESSAGES.unexpected),
    });
  };

  const contentError = shown('content');
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Add Document
      </h2>
      <p className="muted">Documents are split into passages and embedded in the background (progress below); once ready they are searchable, and the AI tutor, explanations and generation answer from them.</p>
      <form className={styles.form} onSubmit={submit} noValidate aria-label="Add a document">
        <TextField label="Title" value={form.title} maxLength={DOCUMENT_LIMITS.titleMax} onChange={(e) => set('title', e.target.value)} onBlur={() => touch('title')} error={shown('title')} />
        <div className={styles.row}>
          <div className={['field', shown('subject') ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
            <label className="field__label" htmlFor={`${id}-subject`}>
              Subject
            </label>
            <select
              id={`${id}-subject`}
              className="field__input"
              value={form.subject}
              onChange={(e) => set('subject', e.target.value)}
              onBlur={() => touch('subject')}
              aria-invalid={shown('subject') ? true : undefined}
              aria-describedby={shown('subject') ? `${id}-subject-error` : undefined}
            >
              <option value="">Choose a subject</option>
              {SUBJECTS.map((s) => (
                <option key={s} value={s}>
                  {capitalise(s)}
                </option>
              ))}
            </select>
            {shown('subject') && (
              <p className="field__error" id={`${id}-subject-error`}>
                {shown('subject')}
              </p>
            )}
          </div>
          <TextField
            label="Category"
            value={form.category}
            maxLength={DOCUMENT_LIMITS.categoryMax}
            hint={DOCUMENT_HINTS.category}
            onChange={(e) => set('category', e.target.value)}
            onBlur={() => touch('category')}
            error={shown('category')}
          />
        </div>
        <div className={['field', contentError ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
          <label className="field__label" htmlFor={`${id}-content`}>
            Content
          </label>
          <p className="field__hint" id={`${id}-content-hint`}>
            {DOCUMENT_HINTS.content} · {form.content.length.toLocaleString('en-GB')} / {DOCUMENT_LIMITS.contentMax.toLocaleString('en-GB')}
          </p>
          <textarea
            id={`${id}-content`}
            className={`field__input ${styles.textarea}`}
            value={form.content}
            rows={8}
            onChange={(e) => set('content', e.target.value)}
            onBlur={() => touch('content')}
            aria-invalid={contentError ? true : undefined}
            aria-describedby={[`${id}-content-hint`, contentError ? `${id}-content-error` : ''].filter(Boolean).join(' ')}
          />
          {contentError && (
            <p className="field__error" id={`${id}-content-error`}>
              {contentError}
            </p>
          )}
        </div>
        <Button type="submit" loading={save.isPending} disabled={!check.document || save.isPending}>
          Add Document
        </Button>
        <FormMessage message={failure} />
        {added && (
          <Alert tone="success">
            Added “{added.title}” ({capitalise(added.subject)}, {added.category}). It is being embedded; it is searchable once ready.
          </Alert>
        )}
      </form>
    </section>
  );
}

const SUBJECT_FILTERS = ['all', ...SUBJECTS] as const;

function KnowledgeSearch() {
  const id = useId();
  const [query, setQuery] = useState('');
  const [subject, setSubject] = useState<Subject | 'all'>('all');
  const [threshold, setThreshold] = useState<number>(DEFAULT_THRESHOLD);
  const [maxResults, setMaxResults] = useState<number>(DEFAULT_MAX_RESULTS);
  const settled = useDebouncedValue(query, DOCUMENT_LIMITS.searchDebounceMs);
  const search = useDocumentSearch({ query: settled, subject, threshold, maxResults });
  const results = settled.trim() ? search.data?.results : undefined;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Search the Knowledge Base
      </h2>
      <div className={styles.form} role="search" aria-label="Knowledge base">
        <TextField label="Search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. Which treaty ended the Thirty Years War?" />
        <div className={styles.row}>
          <SelectField label="Subject filter" value={subject} options={SUBJECT_FILTERS} optionLabel={(s) => (s === 'all' ? 'All subjects' : capitalise(s))} onChange={setSubject} />
          <fieldset className="choices">
            <legend className="choices__legend">Similarity threshold</legend>
            <div className="choices__row">
              {SIMILARITY_THRESHOLDS.map((t) => (
                <label key={t} className="choice">
                  <input type="radio" name={`${id}-threshold`} value={t} checked={threshold === t} onChange={() => setThreshold(t)} />
                  {t}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-max`}>
              Max results
            </label>
            <input
              id={`${id}-max`}
              className="field__input"
              type="number"
              min={1}
              max={DOCUMENT_LIMITS.maxResultsMax}
              value={maxResults}
              onChange={(e) => setMaxResults(Math.min(DOCUMENT_LIMITS.maxResultsMax, Math.max(1, Number(e.target.value) || DEFAULT_MAX_RESULTS)))}
            />
          </div>
        </div>
      </div>

      <div className={styles.results} aria-live="polite" aria-busy={search.isFetching}>
        {!settled.trim() && <p className="muted">Type a question or a few words to search documents, country fact sheets, the question bank and the study guides.</p>}
        {settled.trim() && search.isPending && <p className="muted">Searching…</p>}
        {settled.trim() && search.isError && <Alert tone="error">{DOCUMENT_MESSAGES.searchFailed}</Alert>}
        {results && results.length === 0 && <p className="muted">Nothing in the knowledge base is similar enough to this search at {threshold}. Try a lower threshold.</p>}
        {results && results.length > 0 && (
          <ol className={styles.resultList} aria-label="Search results">
            {results.map((r) => (
              <li key={r.chunkId} className={styles.result}>
                <div className={styles.resultHead}>
                  <span className={styles.resultTitle}>{r.source.title}</span>
                  <span className={styles.similarity} title="Similarity">
                    {similarityLabel(r.similarity)}
                  </span>
                </div>
                <p className={styles.meta}>
                  {SOURCE_KIND_LABEL[r.source.kind]} · {r.subject ? capitalise(r.subject) : 'General'} · {r.category}
                </p>
                <p className={styles.snippet}>{r.text}</p>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
