import type { SQSBatchItemFailure, SQSBatchResponse } from 'aws-lambda';
import * as z from 'zod/mini';
import { weeklySummaryLines } from '#shared/parents/summary.ts';
import { linkOfParent } from './data/parent-links.ts';
import { invocationLeaseMs, runOnce } from '../data/processed-events.ts';
import { messageCorrelationId } from '#events/meta.ts';
import { jobHandler } from '../lib/instrument.ts';
import { withCorrelationId } from '../lib/invocation.ts';
import { log } from '../lib/log.ts';
import { sendMail, type Mail } from '../lib/mail.ts';
import { siteUrl } from '../lib/site-url.ts';
import { loadStudentSummary } from './student-summary.ts';

/**
 * The SQS event (records whose body is the WeeklyParentSummaryDue event as the rule put it on
 * the queue). zod/mini, as in events/catalogue.ts's schema: the full zod would take the bundle
 * over its 500 KB budget beside the mail code.
 */
const sqsEvent = z.object({ Records: z.array(z.object({ messageId: z.string(), body: z.string() })) });
const dueEvent = z.object({
  id: z.string(),
  'detail-type': z.literal('WeeklyParentSummaryDue'),
  detail: z.object({
    parentId: z.string().check(z.minLength(1)),
    studentId: z.string().check(z.minLength(1)),
    week: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    scheduledTime: z.string().check(z.refine((t) => !Number.isNaN(Date.parse(t)))),
  }),
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

type Context = { getRemainingTimeInMillis(): number };

/** One message: the link is read again (removed or switched off since the run: nothing sent), then one e-mail per link and week. */
async function sendSummary(body: string, dashboard: string, context?: Context): Promise<'sent' | 'skipped'> {
  const { detail } = dueEvent.parse(JSON.parse(body));
  const { parentId, studentId, week } = detail;
  const link = await linkOfParent(parentId, studentId);
  if (!link || link.status !== 'accepted' || !link.weeklyEmail) return 'skipped';
  const outcome = await runOnce(
    'weekly-parent-summary',
    `${parentId}#${studentId}#${week}`,
    async () => {
      const summary = await loadStudentSummary(studentId, new Date(detail.scheduledTime));
      await sendMail(weeklyMail(link.parentEmail, weeklySummaryLines(link.studentEmail, summary), dashboard));
    },
    // The claim lasts while this invocation may still run: a message of a batch that timed out is sent by its redelivery.
    invocationLeaseMs(context),
  );
  return outcome === 'done' ? 'sent' : 'skipped';
}

/**
 * The queue's consumer: each record is one parent's weekly e-mail. A record that fails (SES
 * refused or throttled, a live claim of another delivery) is reported alone
 * (ReportBatchItemFailures): SQS redelivers just that message after its visibility timeout,
 * and moves it to the dead-letter queue after the queue's maxReceiveCount deliveries.
 * A message delivered twice finds its marker done and sends nothing.
 */
export const handler = jobHandler(async (event: unknown, context?: Context): Promise<SQSBatchResponse> => {
  const { Records } = sqsEvent.parse(event);
  const dashboard = `${await siteUrl()}/parent-dashboard`;
  const batchItemFailures: SQSBatchItemFailure[] = [];
  for (const record of Records) {
    // Each record logs and mails under the correlation id its event carries (the weekly run's), else its message id.
    await withCorrelationId(messageCorrelationId(record.body) ?? record.messageId, async () => {
      try {
        await sendSummary(record.body, dashboard, context);
      } catch (error) {
        log.error('weekly parent summary not sent; SQS retries it', { messageId: record.messageId, error: String(error) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    });
  }
  return { batchItemFailures };
});
