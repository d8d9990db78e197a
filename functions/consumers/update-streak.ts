import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema } from '#events/catalogue.ts';
import { localDate, remindsAt, streakOn } from '#shared/quiz/streak.ts';
import { markActiveDay, queueNotification, recentActiveDays, saveStreak, unlockAchievements } from '../data/learner.ts';
import { publish } from '../lib/publish.ts';

const quizCompleted = envelopeSchema('QuizCompleted');

const REMINDERS = [
  (n: number) => `${n} days in a row! Keep your streak alive with a quiz today.`,
  (n: number) => `Your streak is at ${n} days. One quiz a day keeps it going!`,
  (n: number) => `${n}-day streak! Come back tomorrow to make it ${n + 1}.`,
];

/**
 * QuizCompleted → the day is marked active in the user's time zone and the streak is
 * recounted from the set of days, so duplicates and late events cannot miscount it.
 * At a multiple of 5 a reminder is queued, once per day.
 */
export const handler = async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
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
  if (day === newest && remindsAt(streakOnThatDay)) {
    const wording = REMINDERS[streakOnThatDay % REMINDERS.length]!;
    await queueNotification(detail.userId, `streak-${day}`, {
      kind: 'streak_reminder',
      title: `${streakOnThatDay}-day streak`,
      message: wording(streakOnThatDay),
      createdAt: detail.completedAt,
    });
  }
};
