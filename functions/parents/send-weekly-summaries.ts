import * as z from 'zod/mini';
import { weeklySummaryLines } from '#shared/parents/summary.ts';
import { linkOfParent, weeklySummaryLinks } from '../data/parent-links.ts';
import { invocationLeaseMs, runOnce } from '../data/processed-events.ts';
import { log } from '../lib/log.ts';
import { sendMail, type Mail } from '../lib/mail.ts';
import { siteUrl } from '../lib/site-url.ts';
import { loadStudentSummary } from './student-summary.ts';

/**
 * The run's event (events/schedules.ts: the same payload schema checks the configured payload
 * there). Parsed with zod/mini here: the full zod would take the bundle over its 500 KB budget.
 */
const scheduled = z.object({
  schedule: z.literal('send-weekly-parent-summaries'),
  scheduledTime: z.string().check(z.refine((t) => !Number.isNaN(Date.parse(t)))),
  payload: z.object({ maxEmails: z.number().check(z.int(), z.minimum(1), z.maximum(10_000)) }),
});

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function weeklyMail(to: string, lines: string[], dashboard: string): Mail {
  const [title = 'Weekly summary', ...rest] = lines;
  const footer = 'You get this because you switched on the weekly e-mail for this student on your parent dashboard; switch it off there.';
  return {
    to,
    subject: `QuizQuest: ${title}`,
    text: [title, '', ...rest, '', dashboard, '', footer].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5"><h1 style="font-size:20px">${escape(title)}</h1><ul>${rest
      .map((l) => `<li>${escape(l)}</li>`)
      .join('')}</ul><p><a href="${escape(dashboard)}">Open the parent dashboard</a></p><p style="font-size:12px;color:#555">${escape(footer)}</p></body></html>`,
  };
}

/**
 * Weekly (Sunday evening, UTC): each opted-in, still approved parent–student link gets one
 * e-mail with the student's week (quizzes, study time, average, streak, strongest subject).
 * A marker per link and week makes a retried run send nothing twice; a failed send gives its
 * marker back and is tried again by the retry, and so does a run that timed out or crashed
 * mid-send: its claim holds only until that invocation's deadline. A link another run is still
 * sending stops this run like a failed send (Lambda retries it).
 */
export const handler = async (event: unknown, context?: { getRemainingTimeInMillis(): number }): Promise<void> => {
  const { scheduledTime, payload } = scheduled.parse(event);
  const week = scheduledTime.slice(0, 10);
  const now = new Date(scheduledTime);
  const dashboard = `${await siteUrl()}/parent-dashboard`;
  let sent = 0;
  let skipped = 0;
  let after: Record<string, unknown> | undefined;
  do {
    const page = await weeklySummaryLinks(Math.min(100, payload.maxEmails - sent - skipped), after);
    after = page.next;
    for (const { parentId, studentId } of page.links) {
      // The link is read again (it may have been removed or switched off); it holds the parent's address,
      // and goes with either account.
      const link = await linkOfParent(parentId, studentId);
      if (!link || link.status !== 'accepted' || !link.weeklyEmail) {
        skipped += 1;
        continue;
      }
      const outcome = await runOnce(
        'weekly-parent-summary',
        `${parentId}#${studentId}#${week}`,
        async () => {
          const summary = await loadStudentSummary(studentId, now);
          await sendMail(weeklyMail(link.parentEmail, weeklySummaryLines(link.studentEmail, summary), dashboard));
        },
        invocationLeaseMs(context),
      );
      if (outcome === 'done') sent += 1;
      else skipped += 1;
    }
  } while (after && sent + skipped < payload.maxEmails);
  log.info('weekly parent summaries', { scheduledTime, sent, skipped });
};
