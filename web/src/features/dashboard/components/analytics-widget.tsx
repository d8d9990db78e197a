import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AnalyticsMetric, AnalyticsRange } from '#shared/analytics.ts';
import { Button, LinkButton } from '@/components/button.tsx';
import { DownloadIcon, LockIcon } from '@/components/icons.tsx';
import { Spinner } from '@/components/spinner.tsx';
import { useAnalytics } from '../api/get-analytics.ts';
import { analyticsCsv, analyticsCsvName, downloadText } from '../analytics-csv.ts';
import { analyticsCards, hasAnalyticsData, METRIC_OPTIONS, RANGE_OPTIONS } from '../analytics-view.ts';
import { RECOMMENDED_QUIZ } from '../insights-view.ts';

/** recharts travels in this chunk, fetched only when there is something to draw. */
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
    <fieldset className="segmented">
      <legend className="segmented__legend">{legend}</legend>
      <div className="segmented__row">
        {options.map((option) => (
          <label key={option.value} className="segmented__option">
            <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Detailed analytics (1-core §2, §9): metric and range selectors, per-subject charts of
 * 7 buckets, the Improving, Speed and Focus Area cards, and Export as CSV. Loads when it
 * comes near the screen; free users (403 premium_required) see the premium overlay.
 */
export function AnalyticsWidget() {
  const [ref, near] = useNearScreen<HTMLElement>();
  const [metric, setMetric] = useState<AnalyticsMetric>('accuracy');
  const [range, setRange] = useState<AnalyticsRange>(30);
  const { load, retry } = useAnalytics(range, near);
  // A new lazy component per attempt, so Retry fetches the chunk again after a failure.
  const [chartsAttempt, setChartsAttempt] = useState(0);
  const AnalyticsCharts = useMemo(() => lazy(loadCharts), [chartsAttempt]);
  const ready = load.status === 'ready' ? load.data : null;
  const hasData = ready !== null && hasAnalyticsData(ready);

  const exportCsv = () => {
    if (ready) downloadText(analyticsCsv(ready), analyticsCsvName(metric, ready.range));
  };

  return (
    <section id="analytics" ref={ref} tabIndex={-1} className="card analytics" aria-labelledby="analytics-title" aria-busy={load.status === 'loading' || load.status === 'idle'}>
      <div className="analytics__head">
        <h2 id="analytics-title" className="card__title analytics__title">
          Detailed Analytics
        </h2>
        {load.status !== 'locked' && (
          <Button variant="secondary" onClick={exportCsv} disabled={!hasData}>
            <DownloadIcon size={16} /> Export
          </Button>
        )}
      </div>

      {load.status === 'locked' ? (
        <div className="premium-overlay">
          <div className="premium-overlay__preview" aria-hidden="true">
            {[40, 65, 50, 80, 70, 90, 75].map((h, i) => (
              <span key={i} style={{ height: `${h}%` }} />
            ))}
          </div>
          <div className="premium-overlay__panel">
            <LockIcon size={28} />
            <p className="premium-overlay__title">Detailed analytics are part of Premium</p>
            <p className="muted">See accuracy, speed and consistency per subject over 7 days, 30 days or 3 months, and export them.</p>
            <LinkButton to="/subscription">Start Free Trial</LinkButton>
          </div>
        </div>
      ) : (
        <>
          <div className="analytics__controls">
            <Choices<AnalyticsMetric> legend="Metric" name="analytics-metric" options={METRIC_OPTIONS} value={metric} onChange={setMetric} />
            <Choices<AnalyticsRange> legend="Range" name="analytics-range" options={RANGE_OPTIONS} value={range} onChange={setRange} />
          </div>

          {(load.status === 'idle' || load.status === 'loading') && <Spinner label="Loading analytics…" />}
          {load.status === 'failed' && <AnalyticsError retry={retry} />}
          {ready && !hasData && (
            <div className="widget-empty">
              <p>No quiz data for this period yet. Play a quiz to see your analytics.</p>
              <LinkButton to={RECOMMENDED_QUIZ} variant="secondary">
                Play a Quiz
              </LinkButton>
            </div>
          )}
          {ready && hasData && (
            <>
              <ul className="analytics-cards" aria-label="Highlights">
                {analyticsCards(ready.cards).map((card) => (
                  <li key={card.title} className="analytics-card">
                    <span className="analytics-card__title">{card.title}</span>
                    <span className="analytics-card__value">{card.value}</span>
                    <span className="analytics-card__note">{card.note}</span>
                  </li>
                ))}
              </ul>
              <ChartBoundary key={chartsAttempt} fallback={<AnalyticsError retry={() => setChartsAttempt((n) => n + 1)} />}>
                <Suspense fallback={<Spinner label="Loading charts…" />}>
                  <AnalyticsCharts data={ready} metric={metric} />
                </Suspense>
              </ChartBoundary>
            </>
          )}
        </>
      )}
    </section>
  );
}
