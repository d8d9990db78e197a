import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { AnalyticsMetric, AnalyticsResponse } from '#shared/analytics.ts';
import type { Subject } from '#shared/constants.ts';
import { chartBars, formatMetric, metricOption, subjectName } from '../analytics-view.ts';

/**
 * The per-subject bar charts (7 buckets each). Loaded on demand, so recharts stays out of
 * every other page. The drawings are hidden from assistive tech; a table beside each
 * carries the same numbers.
 */
const SUBJECT_COLOUR: Record<Subject, string> = { geography: '#067647', history: '#b54708', religion: '#4338ca' };

export default function AnalyticsCharts({ data, metric }: { data: AnalyticsResponse; metric: AnalyticsMetric }) {
  const option = metricOption(metric);
  return (
    <div className="analytics-charts">
      {data.subjects.map((subject) => {
        const bars = chartBars(subject.buckets, metric);
        const headingId = `chart-${subject.subject}`;
        return (
          <figure key={subject.subject} className="analytics-chart" aria-labelledby={headingId}>
            <figcaption className="analytics-chart__caption">
              <h3 id={headingId} className="analytics-chart__title">
                {subjectName(subject.subject)}
              </h3>
              <p className="analytics-chart__summary">
                {subject.attempts === 0
                  ? 'No quizzes in this period'
                  : `${option.label}: ${formatMetric(metric, subject[metric])} · ${subject.attempts} ${subject.attempts === 1 ? 'quiz' : 'quizzes'}`}
              </p>
            </figcaption>
            {subject.attempts > 0 && (
              <>
                <div className="analytics-chart__plot" aria-hidden="true">
                  <BarChart responsive data={bars} style={{ width: '100%', height: 180 }} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
                    <CartesianGrid vertical={false} stroke="#d5d9e6" />
                    <XAxis dataKey="label" tickLine={false} axisLine={{ stroke: '#8b92a8' }} tick={{ fill: '#4b5268', fontSize: 12 }} interval={0} />
                    <YAxis
                      domain={option.max === null ? [0, 'auto'] : [0, option.max]}
                      tickLine={false}
                      axisLine={false}
                      tick={{ fill: '#4b5268', fontSize: 12 }}
                      width={36}
                      allowDecimals={false}
                    />
                    <Bar dataKey="value" fill={SUBJECT_COLOUR[subject.subject]} radius={[4, 4, 0, 0]} isAnimationActive={false} maxBarSize={28} />
                  </BarChart>
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
