import { describe, expect, it } from 'vitest';
// The failures below are logged on purpose.
process.env.LOG_LEVEL = 'silent';
const { queueConsumer } = await import('./queue-consumer.ts');

const envelope = (id: string, userId: string) =>
  JSON.stringify({ version: '0', id, 'detail-type': 'StudyReminderDue', source: 'quizquest', time: '2031-01-01T19:01:00Z', detail: { userId, dueAt: '2031-01-01T19:00:00.000Z', scheduledTime: '2031-01-01T19:01:00.000Z', lateAfterMinutes: 60 } });
const records = (...bodies: string[]) => ({ Records: bodies.map((body, i) => ({ messageId: `m${i}`, body })) });

describe('queueConsumer', () => {
  it('hands each record its checked event and reports only the records that threw', async () => {
    const seen: string[] = [];
    const handler = queueConsumer('StudyReminderDue', async ({ id, detail }) => {
      seen.push(`${id}:${detail.userId}`);
      if (detail.userId === 'u2') throw new Error('the table refused');
    });
    const result = await handler(records(envelope('e1', 'u1'), envelope('e2', 'u2'), envelope('e3', 'u3')));
    expect(seen).toEqual(['e1:u1', 'e2:u2', 'e3:u3']);
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
  });

  it('drops a record that is not the event (no redelivery can fix it) and goes on with the others', async () => {
    const seen: string[] = [];
    const handler = queueConsumer('StudyReminderDue', async ({ detail }) => void seen.push(detail.userId));
    const wrongKind = envelope('e2', 'u2').replace('StudyReminderDue', 'WeeklyParentSummaryDue');
    const result = await handler(records('not json', wrongKind, envelope('e3', 'u3')));
    expect(seen).toEqual(['u3']);
    expect(result).toEqual({ batchItemFailures: [] });
  });
});
