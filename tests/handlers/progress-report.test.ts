import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { REPORT_MESSAGES as M, REPORT_SENDS_PER_DAY } from '../../shared/reports/report.ts';
import { mailTo, uniqueEmail, useLocalStack } from '../support/handler-env.ts';
import { httpEvent, parse } from '../support/http-event.ts';
import { pdfText } from '../support/pdf-text.ts';
import { player, premium } from '../support/players.ts';

/** Progress report (docs/learning.md: premium progress_reports): real figures, a PDF e-mailed for real, a daily limit, own history only. */
const { mailbox } = useLocalStack();
const { handler: getReport } = await import('../../functions/reports/get-report.ts');
const { handler: sendReport } = await import('../../functions/reports/send-report.ts');
const { handler: listSends } = await import('../../functions/reports/list-sends.ts');
const { handler: sendReportMail } = await import('../../functions/reports/send-report-mail.ts');
const { documentClient } = await import('../../functions/lib/clients.ts');
const { keys } = await import('../../functions/data/table-design.ts');

type Person = Awaited<ReturnType<typeof player>>;
const call = async (h: (e: ReturnType<typeof httpEvent>) => Promise<{ statusCode?: number; body?: string }>, who: Person, input: Parameters<typeof httpEvent>[0] = {}) =>
  parse(await h(httpEvent({ sub: who.user_id, ...input })));
const put = (Item: Record<string, unknown>) => documentClient().send(new PutCommand({ TableName: process.env.TABLE_NAME, Item }));

const DAY = 86_400_000;
async function attempt(who: Person, daysAgo: number, subject: string, score: number, timeSpentMs = 90_000) {
  const completedAt = new Date(Date.now() - daysAgo * DAY).toISOString();
  await put({ ...keys.attempt(who.user_id, completedAt, randomUUID()), type: 'attempt', subject, level: 'beginner', score, total_questions: 10, time_spent: timeSpentMs, completed_at: completedAt });
}

describe('progress report', () => {
  it('a free student is refused (403, no data) on every route; nothing is sent', async () => {
    const free = await player();
    await attempt(free, 1, 'geography', 8);
    const to = uniqueEmail('parent');
    for (const result of [await call(getReport, free), await call(sendReport, free, { body: { email: to, days: 30 } }), await call(listSends, free)]) {
      expect(result.status).toBe(403);
      expect(result.body.error.message).toBe(M.premiumRequired);
      expect(Object.keys(result.body)).toEqual(['error']);
    }
    expect(await mailTo(mailbox, to, undefined, 300)).toBeUndefined();
  });

  it('figures come from the period’s attempts, with real achievements and streak', async () => {
    const me = await player(premium);
    await attempt(me, 0.2, 'geography', 9, 120_000);
    await attempt(me, 3, 'geography', 7, 60_000);
    await attempt(me, 10, 'history', 6, 180_000);
    await attempt(me, 45, 'religion', 10);
    await put({ ...keys.achievement(me.user_id, 'first_quiz'), achievement_id: 'first_quiz', unlocked_at: new Date(Date.now() - 2 * DAY).toISOString() });
    await put({ ...keys.achievement(me.user_id, 'quiz_streak_3'), achievement_id: 'quiz_streak_3', unlocked_at: new Date(Date.now() - 50 * DAY).toISOString() });
    const today = new Date();
    for (const d of [0, 1, 2]) await put({ ...keys.activeDay(me.user_id, new Date(today.getTime() - d * DAY).toISOString().slice(0, 10)), day: new Date(today.getTime() - d * DAY).toISOString().slice(0, 10) });

    const week = await call(getReport, me, { query: { days: '7' } });
    expect(week.status).toBe(200);
    expect(week.body.report).toMatchObject({ period: 7, totalQuizzes: 2, averageScore: 80, studyTimeMinutes: 3, achievements: 2, achievementsInPeriod: 1, streak: 3 });
    expect(week.body.report.subjects).toEqual([{ subject: 'geography', quizzes: 2, averagePercent: 80, trendPercent: 20 }]);
    // The grid always covers four weeks: the history attempt of 10 days ago is in Week 3.
    expect(week.body.report.weeks.map((w: { quizzes: number }) => w.quizzes)).toEqual([0, 0, 1, 2]);

    const quarter = (await call(getReport, me, { query: { days: '90' } })).body.report;
    expect(quarter).toMatchObject({ totalQuizzes: 4, strongestSubject: 'religion', weakestSubject: 'history', achievementsInPeriod: 2 });
    expect((await call(getReport, me)).body.report.period).toBe(30);
  });

  it('Send Report e-mails a PDF of the report to the address and lists it in the sender’s history only', async () => {
    // A name outside Windows-1252 (Ł, ễ): the PDF's embedded font must carry it.
    const me = await player({ ...premium, metadata: { full_name: 'Zoë Łukasiewicz-Nguyễn' } });
    const other = await player(premium);
    await attempt(me, 1, 'history', 9);
    const to = uniqueEmail('teacher');
    const sent = await call(sendReport, me, { body: { email: `  ${to.toUpperCase()} `, days: 7 } });
    expect(sent.status).toBe(201);
    expect(sent.body.send).toMatchObject({ email: to, period: 7 });

    const mail = await mailTo(mailbox, to, /progress report/);
    expect(mail?.subject).toBe(`QuizQuest progress report from ${me.email}`);
    expect(mail?.text).toContain('attached as a PDF');
    const [pdf] = mail?.attachments ?? [];
    expect(pdf).toMatchObject({ contentType: 'application/pdf' });
    expect(pdf!.filename).toMatch(/^progress-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    const bytes = Buffer.from(pdf!.base64, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const lines = pdfText(bytes);
    for (const text of [`Student: ${me.email}`, 'Name: Zoë Łukasiewicz-Nguyễn', 'Total Quizzes: 1']) expect(lines).toContain(text);
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^Period: Last 7 days \(/)]));
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/^History: 1 quiz, 90% average/)]));

    const mine = await call(listSends, me);
    expect(mine.body.sends).toEqual([expect.objectContaining({ email: to, period: 7 })]);
    expect(mine.body).toMatchObject({ sentToday: 1, dailyLimit: REPORT_SENDS_PER_DAY });
    // Another student's history holds nothing of it.
    expect((await call(listSends, other)).body.sends).toEqual([]);
  });

  it('a redelivered ProgressReportRequested sends one e-mail; a detail off the catalogue is refused', async () => {
    const me = await player(premium);
    await attempt(me, 2, 'religion', 10);
    const to = uniqueEmail('redeliver');
    const event = {
      id: randomUUID(),
      version: '0',
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'us-east-1',
      resources: [],
      source: 'quizquest',
      'detail-type': 'ProgressReportRequested',
      detail: { userId: me.user_id, studentEmail: me.email, studentName: 'Luís of São Tomé', to, days: 30, requestedAt: new Date().toISOString() },
    };
    await sendReportMail(event);
    await sendReportMail(event);
    expect(mailbox.list().filter((m) => m.to.includes(to))).toHaveLength(1);
    const text = pdfText(Buffer.from(mailbox.list().find((m) => m.to.includes(to))!.attachments![0]!.base64, 'base64'));
    expect(text).toEqual(expect.arrayContaining([expect.stringMatching(/^Religion: 1 quiz, 100% average/)]));
    expect(text).toContain('Name: Luís of São Tomé');
    await expect(sendReportMail({ ...event, id: randomUUID(), detail: { ...event.detail, days: 14 } })).rejects.toThrow(/does not match/);
  });

  it('the address follows the shared e-mail rule', async () => {
    const me = await player(premium);
    for (const [email, message] of [['', M.emailRequired], ['not-an-address', M.invalidEmail], ['zoë@example.com', M.emailNotAscii]]) {
      const result = await call(sendReport, me, { body: { email, days: 30 } });
      expect(result.status).toBe(400);
      expect(result.body.error.message).toBe(message);
    }
    expect((await call(listSends, me)).body.sends).toEqual([]);
  });

  it(`at most ${REPORT_SENDS_PER_DAY} reports a day per account; the next is refused and not sent`, async () => {
    const me = await player(premium);
    const to = uniqueEmail('limit');
    for (let i = 0; i < REPORT_SENDS_PER_DAY; i++) expect((await call(sendReport, me, { body: { email: to, days: 30 } })).status).toBe(201);
    const refused = await call(sendReport, me, { body: { email: uniqueEmail('late'), days: 30 } });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(M.tooManySends);
    expect((await call(listSends, me)).body.sends).toHaveLength(REPORT_SENDS_PER_DAY);
    // The e-mails go out from the email-progress-report consumer, a moment later.
    await expect.poll(() => mailbox.list().filter((m) => m.to.includes(to)).length, { timeout: 5000 }).toBe(REPORT_SENDS_PER_DAY);
  });

  it('a report of 2,000 attempts reads only the period and stays exact', async () => {
    const me = await player(premium);
    const items = Array.from({ length: 2000 }, (_, i) => {
      const completedAt = new Date(Date.now() - (i % 120) * DAY - 1000 - i).toISOString();
      return { ...keys.attempt(me.user_id, completedAt, randomUUID()), type: 'attempt', subject: 'geography', level: 'beginner', score: 5 + (i % 2), total_questions: 10, time_spent: 60_000, completed_at: completedAt };
    });
    for (let i = 0; i < items.length; i += 25) {
      await documentClient().send(new BatchWriteCommand({ RequestItems: { [process.env.TABLE_NAME!]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    const inPeriod = items.filter((a) => Date.parse(a.completed_at) >= Date.now() - 90 * DAY);
    const report = (await call(getReport, me, { query: { days: '90' } })).body.report;
    expect(report.totalQuizzes).toBe(inPeriod.length);
    expect(report.studyTimeMinutes).toBe(inPeriod.length);
  });
});
