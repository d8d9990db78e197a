import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { AnalyticsMetric } from '#shared/analytics.ts';
import type { Subject } from '#shared/constants.ts';
import { metricOption, type Bar as ChartBar } from '../analytics-view.ts';

/**
 * One subject's bar chart (7 buckets). Loaded on demand, so recharts stays out of every
 * other page; it draws into the widget's plot box, whose height is fixed, so nothing
 * moves when it arrives. The widget hides it from assistive tech and lists the same
 * numbers in a table.
 */
/** The plot box (.analytics-chart__plot) is 180px high too. */
const SUBJECT_COLOUR: Record<Subject, string> = { geography: '#067647', history: '#b54708', religion: '#4338ca' };

export default function AnalyticsChart({ subject, bars, metric }: { subject: Subject; bars: ChartBar[]; metric: AnalyticsMetric }) {
  const option = metricOption(metric);
  return (
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
      <Bar dataKey="value" fill={SUBJECT_COLOUR[subject]} radius={[4, 4, 0, 0]} isAnimationActive={false} maxBarSize={28} />
    </BarChart>
  );
}
