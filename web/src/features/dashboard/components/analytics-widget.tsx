import { Component, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { AnalyticsMetric, AnalyticsRange, AnalyticsResponse } from '#shared/analytics.ts';
import { SUBJECTS, type Subject } from '#shared/constants.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { DownloadIcon, LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useAnalytics } from '../api/get-analytics.ts';
import { analyticsCsv, analyticsCsvName, downloadText } from '../analytics-csv.ts';
import { analyticsCards, chartBars, formatMetric, hasAnalyticsData, METRIC_OPTIONS, metricOption, RANGE_OPTIONS, subjectName, type Bar } from '../analytics-view.ts';
import { RECOMMENDED_QUIZ } from '../insights-view.ts';
import styles from './analytics-widget.module.css';

/** recharts travels in this chunk, fetched only when there is something to draw; it draws into a plot box of fixed height. */
const loadCharts = () => import('./analytics-charts.tsx');

/** If the charts' code cannot be fetched, the widget says so instead of the whole page failing. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** True once the element is within `margin` of the viewport (at once where IntersectionObserver is missing). */
function useNearScreen<T extends Element>(margin = '300px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}

function AnalyticsError({ retry }: { retry(): void }) {
  return (
    <div className="widget-error" role="alert">
      <p className="widget-error__title">Failed to load analytics data</p>
      <Button variant="secondary" onClick={retry}>
        Retry
      </Button>
    </div>
  );
}

function Choices<T extends AnalyticsMetric | AnalyticsRange>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
}) {
  return (
    <fieldset className={styles.segmented}>
      <legend className={styles.segmented__legend}>{legend}</legend>
      <div className={styles.segmented__row}>
        {options.map((option) => (
          <label key={option.value} className={styles.segmented__option}>
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

type ChartComponent = ComponentType<{ subject: Subject; bars: Bar[]; metric: AnalyticsMetric }>;

const CARD_TITLES = ['Improving', 'Speed', 'Focus Area'] as const;

function PremiumOverlay() {
  return (
    <div className={styles['premium-overlay']}>
      <div className={styles['premium-overlay__preview']} aria-hidden="true">
        {[40, 65, 50, 80, 70, 90, 75].map((h, i) => (
          <span key={i} style={{ height: `${h}%` }} />
        ))}
      </div>
      <div className={styles['premium-overlay__panel']}>
        <LockIcon size={28} />
        <p className={styles['premium-overlay__title']}>Detailed analytics are part of Premium</p>
        <p className="muted">See accuracy, speed and consistency per subject over 7 days, 30 days or 3 months, and export them.</p>
        <LinkButton to="/subscription">Start Free Trial</LinkButton>
      </div>
    </div>
  );
}

function NoData() {
  return (
    <div className="widget-empty">
      <p>No quiz data for this period yet. Play a quiz to see your analytics.</p>
      <LinkButton to={RECOMMENDED_QUIZ} variant="secondary">
        Play a Quiz
      </LinkButton>
    </div>
  );
}

/**
 * While analytics load: the boxes of the expected answer (the empty notice, or the
 * cards and one chart per subject) with skeletons, and the spinner on top.
 */
function AnalyticsPending({ expectEmpty }: { expectEmpty: boolean }) {
  if (expectEmpty) {
    return (
      <div className={styles.analytics__pending}>
        <Spinner label="Loading analytics…" />
        <div className={styles.analytics__ghost} aria-hidden="true">
          <NoData />
        </div>
      </div>
    );
  }
  return (
    <>
      <ul className={styles['analytics-cards']} aria-hidden="true">
        {CARD_TITLES.map((title) => (
          <li key={title} className={styles['analytics-card']}>
            <span className={styles['analytics-card__title']}>{title}</span>
            <span className={styles['analytics-card__value']}>
              <span className="skeleton skeleton--value" />
            </span>
            <span className={styles['analytics-card__note']}>
              <span className="skeleton skeleton--text" />
            </span>
          </li>
        ))}
      </ul>
      <div className={styles.analytics__pending}>
        <Spinner label="Loading analytics…" />
        <div className={styles['analytics-charts']} aria-hidden="true">
          {SUBJECTS.map((subject) => (
            <div key={subject} className={styles['analytics-chart']}>
              <div className="analytics-chart__caption">
                <h3 className={styles['analytics-chart__title']}>{subjectName(subject)}</h3>
                <p className={styles['analytics-chart__summary']}>
                  <span className="skeleton skeleton--text" />
                </p>
              </div>
              <div className={`${styles['analytics-chart__plot']} skeleton`} />
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

/**
 * One figure per subject: caption, a plot box of fixed height (the lazy chart draws into
 * it, a skeleton holds its place meanwhile), and a table with the same numbers.
 */
function AnalyticsCharts({ data, metric, Chart }: { data: AnalyticsResponse; metric: AnalyticsMetric; Chart: ChartComponent }) {
  const option = metricOption(metric);
  return (
    <div className={styles['analytics-charts']}>
      {data.subjects.map((subject) => {
        const bars = chartBars(subject.buckets, metric);
        const headingId = `chart-${subject.subject}`;
        return (
          <figure key={subject.subject} className={styles['analytics-chart']} aria-labelledby={headingId}>
            <figcaption className="analytics-chart__caption">
              <h3 id={headingId} className={styles['analytics-chart__title']}>
                {subjectName(subject.subject)}
              </h3>
              <p className={styles['analytics-chart__summary']}>
                {subject.attempts === 0
                  ? 'No quizzes in this period'
                  : `${option.label}: ${formatMetric(metric, subject[metric])} · ${subject.attempts} ${subject.attempts === 1 ? 'quiz' : 'quizzes'}`}
              </p>
            </figcaption>
            {subject.attempts === 0 ? (
              <div className={`${styles['analytics-chart__plot']} ${styles['analytics-chart__plot--empty']}`} aria-hidden="true">
                Nothing to draw
              </div>
            ) : (
              <>
                <div className={styles['analytics-chart__plot']} aria-hidden="true">
                  <Suspense fallback={<span className={`skeleton ${styles['analytics-chart__skeleton']}`} />}>
                    <Chart subject={subject.subject} bars={bars} metric={metric} />
                  </Suspense>
                </div>
                <table className="visually-hidden">
                  <caption>
                    {subjectName(subject.subject)}, {option.label.toLowerCase()} per period
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Period</th>
                      <th scope="col">{option.label}</th>
                      <th scope="col">Quizzes</th>
                    </tr>
                  </thead>
                  <tbody>
                    {bars.map((bar, i) => (
                      <tr key={`${bar.label}-${i}`}>
                        <th scope="row">{bar.label}</th>
                        <td>{formatMetric(metric, bar.value)}</td>
                        <td>{bar.attempts}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
          </figure>
        );
      })}
    </div>
  );
}

interface AnalyticsWidgetProps {
  /** The profile has no detailed analytics: the premium overlay is drawn while the server confirms. */
  expectLocked?: boolean;
  /** The student has no quizzes at all: the skeleton takes the size of the empty notice. */
  expectEmpty?: boolean;
}

/**
 * Detailed analytics (docs/quiz.md): metric and range selectors, per-subject charts of
 * 7 buckets, the Improving, Speed and Focus Area cards, and Export as CSV. Loads when it
 * comes near the screen; free users (403 premium_required) see the premium overlay.
 * While loading, it keeps the size of what it expects, so nothing below it moves.
 */
export function AnalyticsWidget({ expectLocked = false, expectEmpty = false }: AnalyticsWidgetProps) {
  const [ref, near] = useNearScreen<HTMLElement>();
  const [metric, setMetric] = useState<AnalyticsMetric>('accuracy');
  const [range, setRange] = useState<AnalyticsRange>(30);
  const { load, retry } = useAnalytics(range, near);
  // A new lazy component per attempt, so Retry fetches the chunk again after a failure.
  const [charts, setCharts] = useState(() => ({ attempt: 0, Chart: lazy(loadCharts) }));
  const retryCharts = () => setCharts(({ attempt }) => ({ attempt: attempt + 1, Chart: lazy(loadCharts) }));
  const pending = load.status === 'idle' || load.status === 'loading';
  const locked = load.status === 'locked' || (pending && expectLocked);
  const ready = load.status === 'ready' ? load.data : null;
  const hasData = ready !== null && hasAnalyticsData(ready);

  const exportCsv = () => {
    if (ready) downloadText(analyticsCsv(ready), analyticsCsvName(metric, ready.range));
  };

  return (
    <section id="analytics" ref={ref} tabIndex={-1} className={`card ${styles.analytics}`} aria-labelledby="analytics-title" aria-busy={pending}>
      <div className={styles.analytics__head}>
        <h2 id="analytics-title" className={`card__title ${styles.analytics__title}`}>
          Detailed Analytics
        </h2>
        {!locked && (
          <Button variant="secondary" onClick={exportCsv} disabled={!hasData}>
            <DownloadIcon size={16} /> Export
          </Button>
        )}
      </div>

      {locked ? (
        <PremiumOverlay />
      ) : (
        <>
          <div className={styles.analytics__controls}>
            <Choices<AnalyticsMetric> legend="Metric" name="analytics-metric" options={METRIC_OPTIONS} value={metric} onChange={setMetric} />
            <Choices<AnalyticsRange> legend="Range" name="analytics-range" options={RANGE_OPTIONS} value={range} onChange={setRange} />
          </div>

          {pending && <AnalyticsPending expectEmpty={expectEmpty} />}
          {load.status === 'failed' && <AnalyticsError retry={retry} />}
          {ready && !hasData && <NoData />}
          {ready && hasData && (
            <>
              <ul className={styles['analytics-cards']} aria-label="Highlights">
                {analyticsCards(ready.cards).map((card) => (
                  <li key={card.title} className={styles['analytics-card']}>
                    <span className={styles['analytics-card__title']}>{card.title}</span>
                    <span className={styles['analytics-card__value']}>{card.value}</span>
                    <span className={styles['analytics-card__note']}>{card.note}</span>
                  </li>
                ))}
              </ul>
              <ChartBoundary key={charts.attempt} fallback={<AnalyticsError retry={retryCharts} />}>
                <AnalyticsCharts data={ready} metric={metric} Chart={charts.Chart} />
              </ChartBoundary>
            </>
          )}
        </>
      )}
    </section>
  );
}
