import type { AuditEntry } from '#shared/admin/audit.ts';
import type { AccountPlan } from '#shared/account-plan.ts';
import type { Role } from '#shared/constants.ts';

/** How the console words things; pure, with unit tables beside. */

export const ROLE_NAMES: Record<Role, string> = { student: 'Student', parent: 'Parent', teacher: 'Teacher', admin: 'Admin' };

/** 2026-11-23 → "Mon 23" (the chart's axis, UTC like the counters). */
export function dayLabel(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${d.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })} ${d.getUTCDate()}`;
}

/** Average time per quiz: 95 → "1m 35s", 42 → "42s", 0 → "0s". */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return s % 60 === 0 ? `${m}m` : `${m}m ${s % 60}s`;
}

/** +4 points, -3 points, "No change". */
export function trendText(points: number): string {
  if (points === 0) return 'No change';
  return `${points > 0 ? '+' : '−'}${Math.abs(points)} point${Math.abs(points) === 1 ? '' : 's'}`;
}

/** A share of a whole as a bar width, 0-100. */
export const share = (part: number, whole: number): number => (whole > 0 ? Math.round((part / whole) * 100) : 0);

const ACTION_NAMES: Record<string, string> = {
  'user.create': 'Added user',
  'user.update': 'Edited user',
  'user.delete': 'Deleted user',
  'seen-tracking.reset': 'Reset question tracking',
  'daily-challenges.generate': 'Generated daily challenges',
  'tournament.quick-match': 'Started a quick match',
};

/** An audit entry's action as people read it; unknown ones (other areas') as written. */
export const actionText = (action: string): string => ACTION_NAMES[action] ?? action;

/** An entry's detail as one line: "role: student → teacher; subscription_status: free → premium". */
export function detailText(detail: AuditEntry['detail']): string {
  if (detail === null) return '';
  if (typeof detail === 'string') return detail;
  return Object.entries(detail)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${String(value)}`)
    .join('; ');
}

/** "Dec 3, 2026": a trial's end in the reader's zone (or the one given, for tests). */
const shortDate = (iso: string, timeZone?: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', ...(timeZone ? { timeZone } : {}) });

/** The Plan column: what the entitlements decide (shared/account-plan.ts), a trial with its end. */
export function planText(plan: AccountPlan, timeZone?: string): string {
  switch (plan.kind) {
    case 'admin':
      return 'Full access (admin)';
    case 'premium':
      return 'Premium';
    case 'trial':
      return `Trial until ${shortDate(plan.endsAt, timeZone)}`;
    case 'free':
      return plan.trialEnded ? 'Free (trial ended)' : 'Free';
  }
}
