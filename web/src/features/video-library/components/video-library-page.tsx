import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LEVELS, SUBJECTS, type Level, type Subject } from '#shared/constants.ts';
import {
  filterVideos,
  formatDuration,
  hasFilters,
  libraryCounts,
  NO_FILTERS,
  parseGenerateQuery,
  sortVideos,
  VIDEO_CHIP_LABEL,
  VIDEO_MESSAGES,
  VIDEO_SORT_LABEL,
  videoChips,
  videoSorts,
  type GenerateTarget,
  type VideoFilters,
  type VideoItem,
  type VideoSort,
} from '#shared/explanations/explanations.ts';
import { Alert } from '@/components/alert.tsx';
import { Button, LinkButton } from '@/components/button.tsx';
import { BookIcon, GlobeIcon, LockIcon, ScrollIcon, VideoIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { capitalise } from '@/lib/capitalise.ts';
import { useVideoAction, useVideos } from '../api/videos-api.ts';
import { GenerationDialog } from './generation-dialog.tsx';
import { VideoDetail } from './video-detail.tsx';
import styles from './video-library.module.css';

/** Shown instead of the library to accounts without video_explanations. */
export function VideoLibraryUpgradeGate() {
  return (
    <div className={`card ${styles.gate}`}>
      <LockIcon size={28} />
      <h2>Video explanations are part of Premium</h2>
      <p className="muted">Turn your wrong answers into narrated explanations grounded in our knowledge base, and keep them in your own video library.</p>
      <LinkButton to="/subscription">Start Free Trial</LinkButton>
    </div>
  );
}

const SUBJECT_ICON: Record<Subject, typeof GlobeIcon> = { geography: GlobeIcon, history: ScrollIcon, religion: BookIcon };

/**
 * /video-explanations (docs/ai.md): header counts, search, subject and level filters, sort,
 * filter chips, the card grid with Watch and Save, the detail view, the loading, error and empty
 * states, and video generation from `?generate=true&questions=…`. `?video=<id>` opens one video.
 */
export function VideoLibraryPage() {
  const videos = useVideos();
  const action = useVideoAction();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<VideoFilters>(NO_FILTERS);
  const [sort, setSort] = useState<VideoSort>('newest');
  // The generation asked for by the URL, taken once: the query is cleared when it is done.
  const [generating, setGenerating] = useState<GenerateTarget[] | null>(() => parseGenerateQuery(params));
  const openId = params.get('video');

  const items = useMemo(() => videos.data?.items ?? [], [videos.data]);
  const shown = useMemo(() => sortVideos(filterVideos(items, filters), sort), [items, filters, sort]);
  const counts = libraryCounts(items);
  const open = items.find((i) => i.id === openId) ?? null;

  const openVideo = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('video', id);
        else next.delete('video');
        return next;
      },
      { replace: !id },
    );
  const refetch = videos.refetch;
  const finished = useCallback(() => {
    setParams({}, { replace: true });
    void refetch();
  }, [setParams, refetch]);
  const set = (patch: Partial<VideoFilters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <div className={`page ${styles.page}`}>
      <LinkButton to="/dashboard" variant="link" className={styles.back}>
        ← Back to Dashboard
      </LinkButton>
      <header className={styles.header}>
        <div>
          <h1 className="page__title">Video Explanations</h1>
          <p className="muted">Narrated explanations of the questions you got wrong, written from our knowledge base.</p>
        </div>
        <dl className={styles.counts} aria-label="Library counts">
          {(
            [
              ['Explanations', counts.explanations],
              ['Watched', counts.watched],
              ['Saved', counts.saved],
              ['Personal', counts.personal],
            ] as const
          ).map(([label, n]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{n}</dd>
            </div>
          ))}
        </dl>
      </header>

      <form className={styles.filters} role="search" aria-label="Filter videos" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label className="field__label" htmlFor="video-search">
            Search
          </label>
          <input id="video-search" className="field__input" type="search" placeholder="Search questions, topics and tags" maxLength={100} value={filters.search} onChange={(e) => set({ search: e.target.value })} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="video-subject">
            Subject
          </label>
          <select id="video-subject" className="field__input" value={filters.subject} onChange={(e) => set({ subject: e.target.value as Subject | 'all' })}>
            <option value="all">All subjects</option>
            {SUBJECTS.map((s) => (
              <option key={s} value={s}>
                {capitalise(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="video-level">
            Level
          </label>
          <select id="video-level" className="field__input" value={filters.level} onChange={(e) => set({ level: e.target.value as Level | 'all' })}>
            <option value="all">All levels</option>
            {LEVELS.map((l) => (
              <option key={l} value={l}>
                {capitalise(l)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor="video-sort">
            Sort by
          </label>
          <select id="video-sort" className="field__input" value={sort} onChange={(e) => setSort(e.target.value as VideoSort)}>
            {videoSorts.map((s) => (
              <option key={s} value={s}>
                {VIDEO_SORT_LABEL[s]}
              </option>
            ))}
          </select>
        </div>
      </form>
      <div className={styles.chipRow}>
        <div role="group" aria-label="Show" className={styles.chipList}>
          {videoChips.map((chip) => (
            <button key={chip} type="button" className={styles.chip} aria-pressed={filters.chip === chip} onClick={() => set({ chip })}>
              {VIDEO_CHIP_LABEL[chip]}
            </button>
          ))}
        </div>
        {hasFilters(filters) && (
          <Button variant="link" onClick={() => setFilters(NO_FILTERS)}>
            Clear all filters
          </Button>
        )}
      </div>

      {videos.isPending && <Spinner label="Loading video explanations…" />}
      {openId && videos.data && !open && (
        <Alert tone="info">
          {VIDEO_MESSAGES.notFound}: a shared link opens a video only in a library that holds it.{' '}
          <Button variant="link" onClick={() => openVideo(null)}>
            Dismiss
          </Button>
        </Alert>
      )}
      {videos.isError && !videos.data && (
        <div className="widget-error" role="alert">
          <p className="widget-error__title">{VIDEO_MESSAGES.loadFailed}</p>
          <Button variant="secondary" onClick={() => void videos.refetch()}>
            Try Again
          </Button>
        </div>
      )}
      {videos.data && items.length === 0 && (
        <div className={`card ${styles.empty}`}>
          <VideoIcon size={32} />
          <p>{VIDEO_MESSAGES.emptyLibrary}</p>
        </div>
      )}
      {videos.data && items.length > 0 && shown.length === 0 && (
        <div className={`card ${styles.empty}`}>
          <p>{VIDEO_MESSAGES.emptyFiltered}</p>
          <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
            Clear all filters
          </Button>
        </div>
      )}
      {shown.length > 0 && (
        <ul className={styles.grid} aria-label="Video explanations">
          {shown.map((item) => (
            <li key={item.id}>
              <VideoCard item={item} onWatch={() => openVideo(item.id)} onSave={() => action.mutate({ id: item.id, action: { kind: 'save', saved: !item.saved } })} />
            </li>
          ))}
        </ul>
      )}

      {open && (
        <VideoDetail
          key={open.id}
          item={open}
          onClose={() => openVideo(null)}
          onTopic={(topic) => {
            setFilters({ ...NO_FILTERS, search: topic });
            openVideo(null);
          }}
        />
      )}
      {generating && <GenerationDialog targets={generating} onFinished={finished} onClose={() => setGenerating(null)} />}
    </div>
  );
}

function VideoCard({ item, onWatch, onSave }: { item: VideoItem; onWatch(): void; onSave(): void }) {
  const Icon = SUBJECT_ICON[item.subject];
  return (
    <article className={`card ${styles.card}`} aria-label={item.title}>
      <div className={`${styles.thumb} ${styles[`thumb--${item.subject}`] ?? ''}`}>
        {item.imageUrl ? <img src={item.imageUrl} alt="" className={styles.thumbImage} /> : <Icon size={40} />}
        <span className={styles.duration}>{formatDuration(item.duration)}</span>
        {item.watched && <span className={styles.watched}>Watched</span>}
      </div>
      <h2 className={styles.cardTitle}>{item.title}</h2>
      <p className={styles.cardTags}>
        <span className="badge">{capitalise(item.subject)}</span> <span className="badge">{capitalise(item.level)}</span> {item.isPersonal && <span className="badge">Personal</span>}
      </p>
      <p className={`muted ${styles.cardDescription}`}>{item.description}</p>
      <p className={`muted ${styles.cardStats}`}>
        {item.views} {item.views === 1 ? 'view' : 'views'} · {item.likes} {item.likes === 1 ? 'like' : 'likes'} · {item.rating === null ? 'not rated' : `★ ${item.rating}`}
      </p>
      <div className="actions">
        <Button onClick={onWatch}>Watch</Button>
        <Button variant="secondary" aria-pressed={item.saved} onClick={onSave}>
          {item.saved ? 'Saved' : 'Save'}
        </Button>
      </div>
    </article>
  );
}
