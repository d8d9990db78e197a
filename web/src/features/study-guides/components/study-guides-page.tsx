import { countOf } from '#shared/text/counts.ts';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LEVELS, SUBJECTS } from '#shared/constants.ts';
import { GUIDE_LIMITS, GUIDE_MESSAGES, type GuideDetail, type GuideQuery, type GuideSummary } from '#shared/guides/study-guides.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { BookIcon, CrownIcon, LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useDebouncedValue } from '@/lib/use-debounced-value.ts';
import { useGuide, useGuideList } from '../api/guides-api.ts';
import styles from './study-guides.module.css';

const SEARCH_DEBOUNCE_MS = 300;
const label = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

type SubjectFilter = GuideQuery['subject'];
type LevelFilter = GuideQuery['level'];

interface StudyGuidesPageProps {
  /** Where Back to Dashboard leads: the viewer's own home. */
  homePath?: string;
  /** Shown above the search (an admin's Generate AI Guide and Fact Check, composed by the route). */
  tools?: ReactNode;
}

/** /study: search, subject and level filters, the guides (free accounts read the first 3), and the open guide. */
export function StudyGuidesPage({ homePath = '/dashboard', tools }: StudyGuidesPageProps) {
  const [params, setParams] = useSearchParams();
  const openId = params.get('guide');
  const [search, setSearch] = useState('');
  const [subject, setSubject] = useState<SubjectFilter>('all');
  const [level, setLevel] = useState<LevelFilter>('all');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useGuideList({ q, subject, level });
  const open = (id: string | null) => setParams(id ? { guide: id } : {});

  if (openId) return <GuideReader id={openId} onBack={() => open(null)} />;

  const readable = list.data?.guides.filter((g) => !g.locked) ?? [];
  const locked = list.data?.guides.filter((g) => g.locked) ?? [];
  const lockedCount = list.data?.locked_count ?? 0;

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className="page__title">Study Guides</h1>
        <LinkButton to={homePath} variant="secondary">
          Back to Dashboard
        </LinkButton>
      </div>
      <p className="muted">Short guides with key points and questions to check what you learned.</p>
      {tools}

      <div className={`card ${styles.filters}`} role="search">
        <div className="field">
          <label className="field__label" htmlFor="guide-search">
            Search guides
          </label>
          <input
            id="guide-search"
            type="search"
            className="field__input"
            value={search}
            maxLength={GUIDE_LIMITS.searchMax}
            onChange={(e) => setSearch(e.target.value)}
            aria-controls="guide-results"
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="guide-subject">
            Subject
          </label>
          <select id="guide-subject" className="field__input" value={subject} onChange={(e) => setSubject(e.target.value as SubjectFilter)}>
            <option value="all">All subjects</option>
            {SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="guide-level">
            Level
          </label>
          <select id="guide-level" className="field__input" value={level} onChange={(e) => setLevel(e.target.value as LevelFilter)}>
            <option value="all">All levels</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {label(l)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div id="guide-results" className={styles.results} aria-busy={list.isFetching}>
        {list.isPending && <Spinner label="Loading study guides…" />}
        {list.isError && !list.data && (
          <Alert tone="error">
            {GUIDE_MESSAGES.loadFailed}.{' '}
            <Button variant="link" onClick={() => void list.refetch()}>
              Retry
            </Button>
          </Alert>
        )}
        {list.data && (
          <>
            <p className="visually-hidden" role="status">
              {list.data.guides.length} {list.data.guides.length === 1 ? 'guide' : 'guides'} found
            </p>
            {list.data.guides.length === 0 && <p className="muted">No study guides match your search. Try other words or filters.</p>}
            {readable.length > 0 && (
              <ul className={styles.grid} aria-label="Study guides">
                {readable.map((g) => (
                  <li key={g.id}>
                    <GuideCard guide={g} onOpen={() => open(g.id)} />
                  </li>
                ))}
              </ul>
            )}
            {locked.length > 0 && (
              <section className={styles.lockedSection} aria-labelledby="locked-title">
                <div className={styles.lockedHead}>
                  <h2 id="locked-title" className={styles.sectionTitle}>
                    Premium guides
                  </h2>
                  <span className={styles.badge}>
                    <CrownIcon size={14} /> {lockedCount} more with Premium
                  </span>
                </div>
                <div className={styles.lockedArea}>
                  <ul className={`${styles.grid} ${styles.lockedGrid}`} aria-label="Premium study guides">
                    {locked.map((g) => (
                      <li key={g.id}>
                        <GuideCard guide={g} />
                      </li>
                    ))}
                  </ul>
                  <div className={styles.overlay}>
                    <div className={`card ${styles.gate}`}>
                      <LockIcon size={28} />
                      <h3 className={styles.gateTitle}>Unlimited study guides are part of Premium</h3>
                      <p className="muted">
                        Free accounts read {countOf(list.data.free_limit ?? 3, 'guide')}. Start a free trial to read all of them, at every level.
                      </p>
                      <LinkButton to="/subscription">Start Free Trial</LinkButton>
                    </div>
                  </div>
                </div>
              </section>
            )}
          </>
        )}
      </div>
    </div>
  );
}

function GuideCard({ guide, onOpen }: { guide: GuideSummary; onOpen?: () => void }) {
  return (
    <article className={`card ${styles.guideCard}`} aria-label={guide.title}>
      <p className={styles.meta}>
        <span className={styles.tag}>{label(guide.subject)}</span>
        <span className={styles.tag}>{label(guide.level)}</span>
        {guide.ai_generated && <span className={styles.tag}>AI-generated</span>}
        <span className="muted">{guide.topic}</span>
      </p>
      <h2 className={styles.cardTitle}>{guide.title}</h2>
      <p className={styles.summary}>{guide.summary}</p>
      {guide.locked ? (
        <p className={styles.lockedNote}>
          <LockIcon size={14} /> Premium
        </p>
      ) : (
        <Button variant="secondary" onClick={onOpen} className={styles.readButton}>
          <BookIcon size={16} /> Read guide <span className="visually-hidden">{guide.title}</span>
        </Button>
      )}
    </article>
  );
}

/** The open guide: its text, key points and check questions (answers shown on demand). */
function GuideReader({ id, onBack }: { id: string; onBack: () => void }) {
  const guide = useGuide(id);
  const forbidden = isApiError(guide.error) && guide.error.status === 403;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <Button variant="secondary" onClick={onBack}>
          All study guides
        </Button>
      </div>
      {guide.isPending && <Spinner label="Loading the guide…" />}
      {guide.isError &&
        (forbidden ? (
          <div className={`card ${styles.gate} ${styles.gateStandalone}`}>
            <LockIcon size={28} />
            <h2 className={styles.gateTitle}>{GUIDE_MESSAGES.premiumRequired}</h2>
            <p className="muted">Start a free trial to read every study guide.</p>
            <LinkButton to="/subscription">Start Free Trial</LinkButton>
          </div>
        ) : (
          <Alert tone="error">{guide.error.message || GUIDE_MESSAGES.loadFailed}</Alert>
        ))}
      {guide.data && <GuideArticle guide={guide.data.guide} />}
    </div>
  );
}

function GuideArticle({ guide }: { guide: GuideDetail }) {
  return (
    <article className={`card ${styles.article}`} aria-labelledby="guide-title">
      <p className={styles.meta}>
        <span className={styles.tag}>{label(guide.subject)}</span>
        <span className={styles.tag}>{label(guide.level)}</span>
        <span className="muted">{guide.topic}</span>
      </p>
      <h1 id="guide-title" className="page__title">
        {guide.title}
      </h1>
      <p className={styles.lead}>{guide.summary}</p>
      {guide.content.map((paragraph) => (
        <p key={paragraph.slice(0, 40)} className={styles.paragraph}>
          {paragraph}
        </p>
      ))}
      <section aria-labelledby="key-points-title" className={styles.keyPoints}>
        <h2 id="key-points-title" className={styles.sectionTitle}>
          Key points
        </h2>
        <ul className="checklist">
          {guide.key_points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="check-title">
        <h2 id="check-title" className={styles.sectionTitle}>
          Check your understanding
        </h2>
        <ol className={styles.checks}>
          {guide.check_questions.map((item) => (
            <li key={item.question}>
              <details className={styles.check}>
                <summary>{item.question}</summary>
                <p className={styles.answer}>{item.answer}</p>
              </details>
            </li>
          ))}
        </ol>
      </section>
      {guide.ai && (
        <section aria-labelledby="sources-title">
          <h2 id="sources-title" className={styles.sectionTitle}>
            Sources
          </h2>
          <p className="muted">Written by AI from these knowledge-base sources{guide.ai.fact_checked ? ', and fact-checked against the knowledge base' : ''}.</p>
          <ul>
            {guide.ai.sources.map((source) => (
              <li key={`${source.kind}-${source.id}`}>{source.title}</li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
