import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import type { AdminStats } from '#shared/admin/stats.ts';
import { dayLabel } from '../admin-view.ts';

/**
 * The 7-day bar chart of quizzes completed (loaded on demand, so recharts stays out of the
 * other tabs). The card lists the same numbers in a table for assistive tech.
 */
export default function ActivityChart({ activity }: { activity: AdminStats['recentActivity'] }) {
  const data = activity.map((day) => ({ label: dayLabel(day.date), quizzes: day.quizCount }));
  return (
    <BarChart responsive data={data} style={{ width: '100%', height: 220 }} margin={{ top: 8, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
      <CartesianGrid vertical={false} stroke="#d5d9e6" />
      <XAxis dataKey="label" tickLine={false} axisLine={{ stroke: '#8b92a8' }} tick={{ fill: '#4b5268', fontSize: 12 }} interval={0} />
      <YAxis tickLine={false} axisLine={false} tick={{ fill: '#4b5268', fontSize: 12 }} width={36} allowDecimals={false} />
      <Bar dataKey="quizzes" fill="#4338ca" radius={[4, 4, 0, 0]} isAnimationActive={false} maxBarSize={32} />
    </BarChart>
  );
}
