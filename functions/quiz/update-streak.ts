import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { remindsAtStreak, streakReminderText } from '#shared/notifications/reminders.ts';
import { localDate } from '#shared/dates.ts';
import { streakOn } from '#shared/quiz/streak.ts';
import { markActiveDay, recentActiveDays, saveStreak, unlockAchievements } from './data/learner.ts';
import { publish } from '../lib/publish.ts';
import { notify } from '../notifications/notify.ts';
import { eventHandler } from '../lib/instrument.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

/**
 * QuizCompleted → the day is marked active in the user's time zone and the streak is
 * recounted from the set of days, so duplicates and late events cannot miscount it.
 * At a multiple of 5 a streak reminder goes to the bell, once per day, as the person's
 * notification settings allow (docs/quiz.md).
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  const { detail } = quizCompleted.parse(event);
  const day = localDate(new Date(detail.completedAt), detail.timeZone);
  await markActiveDay(detail.userId, day);
  const days = await recentActiveDays(detail.userId);
  const newest = days[0] ?? day;
  const current = streakOn(days, newest);
  await saveStreak(detail.userId, { current, day: newest });

  if (current >= 3) {
    for (const achievementId of await unlockAchievements(detail.userId, ['streak_3'], detail.completedAt)) {
      await publish('AchievementUnlocked', { userId: detail.userId, achievementId, unlockedAt: detail.completedAt });
    }
  }
  const streakOnThatDay = streakOn(days, day);
  if (day === newest && remindsAtStreak(streakOnThatDay)) {
    const text = streakReminderText(streakOnThatDay);
    await notify(detail.userId, {
      type: 'streak',
      key: day,
      occurredAt: detail.completedAt,
      title: text.title,
      message: text.message,
      priority: 'medium',
      actionUrl: '/dashboard',
      actionText: 'Keep It Going',
    });
  }
});
