import * as z from 'zod/mini';
import { weeklySummaryLinks } from './data/parent-links.ts';
import { jobHandler } from '../lib/instrument.ts';
import { log } from '../lib/log.ts';
import { publishAll } from '../lib/publish-all.ts';

/** The run's event (events/schedules.ts: the same payload schema checks the configured payload there). */
const scheduled = z.object({
  schedule: z.literal('send-weekly-parent-summaries'),
  scheduledTime: z.string().check(z.refine((t) => !Number.isNaN(Date.parse(t)))),
  payload: z.object({ maxEmails: z.number().check(z.int(), z.minimum(1), z.maximum(10_000)) }),
});

/**
 * Weekly (Sunday evening, UTC): one WeeklyParentSummaryDue per opted-in parent–student link,
 * ten to a PutEvents call, and nothing else. Sending 5,000 e-mails one after another does not fit
 * one invocation, and a send cut off by the timeout lost that week's e-mail; each e-mail is now
 * its own queued message (the send-weekly-parent-summary consumer), retried alone. Listing and
 * publishing 5,000 links takes seconds. A retried run publishes again: the consumer's marker per
 * link and week sends nothing twice. The link is checked (still approved, still opted in) when
 * the e-mail is sent, not here.
 */
export const handler = jobHandler(async (event: unknown): Promise<void> => {
  const { scheduledTime, payload } = scheduled.parse(event);
  const week = scheduledTime.slice(0, 10);
  let queued = 0;
  let after: Record<string, unknown> | undefined;
  do {
    const page = await weeklySummaryLinks(Math.min(100, payload.maxEmails - queued), after);
    after = page.next;
    await publishAll(
      'WeeklyParentSummaryDue',
      page.links.map(({ parentId, studentId }) => ({ parentId, studentId, week, scheduledTime })),
    );
    queued += page.links.length;
  } while (after && queued < payload.maxEmails);
  log.info('weekly parent summaries queued', { scheduledTime, queued });
});
