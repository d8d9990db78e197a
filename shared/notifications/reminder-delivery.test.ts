import { describe, expect, it } from 'vitest';
import { decideReminder } from './reminder-delivery.ts';
import { DEFAULT_SETTINGS } from './settings.ts';

const due = new Date('2031-06-02T17:00:00.000Z'); // 19:00 in Vienna (summer time)
const vienna = { settings: DEFAULT_SETTINGS, timeZone: 'Europe/Vienna' };
const minutesAfter = (m: number) => new Date(due.getTime() + m * 60_000);

describe('decideReminder', () => {
  it('sends a reminder found on time and puts the same wall-clock time a week on', () => {
    expect(decideReminder({ dueAt: due, foundAt: minutesAfter(1), lateAfterMinutes: 60, recipient: vienna })).toEqual({ action: 'send', next: new Date('2031-06-09T17:00:00.000Z') });
  });

  it('skips one found more than an hour late, and still rolls it on', () => {
    expect(decideReminder({ dueAt: due, foundAt: minutesAfter(61), lateAfterMinutes: 60, recipient: vienna })).toMatchObject({ action: 'skip', next: new Date('2031-06-09T17:00:00.000Z') });
    expect(decideReminder({ dueAt: due, foundAt: minutesAfter(60), lateAfterMinutes: 60, recipient: vienna }).action).toBe('send');
  });

  it('decides from when the run found it, not when the message is handled: a redelivery decides the same', () => {
    const once = decideReminder({ dueAt: due, foundAt: minutesAfter(5), lateAfterMinutes: 60, recipient: vienna });
    expect(decideReminder({ dueAt: due, foundAt: minutesAfter(5), lateAfterMinutes: 60, recipient: vienna })).toEqual(once);
  });

  it('skips one due in quiet hours, and puts no next one inside them', () => {
    const quiet = { ...vienna, settings: { ...DEFAULT_SETTINGS, quietHours: { start: '18:00' as const, end: '20:00' as const } } };
    expect(decideReminder({ dueAt: due, foundAt: minutesAfter(1), lateAfterMinutes: 60, recipient: quiet })).toEqual({ action: 'skip', next: null });
  });

  it('stops the chain when reminders are off or the account is gone', () => {
    expect(decideReminder({ dueAt: due, foundAt: minutesAfter(1), lateAfterMinutes: 60, recipient: { ...vienna, settings: { ...DEFAULT_SETTINGS, studyReminders: false } } })).toEqual({ action: 'stop' });
    expect(decideReminder({ dueAt: due, foundAt: minutesAfter(1), lateAfterMinutes: 60, recipient: undefined })).toEqual({ action: 'stop' });
  });
});
