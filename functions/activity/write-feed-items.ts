import type { EventBridgeEvent } from 'aws-lambda';
import { envelopeSchema, type EventDetail } from '#events/catalogue.ts';
import { ACHIEVEMENTS } from '#shared/quiz/achievements.ts';
import { levelProgress } from '#shared/quiz/progress.ts';
import { DAY_MS, localDate } from '#shared/dates.ts';
import { streakOn } from '#shared/quiz/streak.ts';
import { clip, isStreakMilestone } from '#shared/social/feed.ts';
import { CHANGE_TYPES } from '#shared/realtime/changes.ts';
import { fanOut, onceFor, type Activity } from './data/feed.ts';
import { pushChange } from './push-changes.ts';
import { friendshipsOf } from '../social/data/friends.ts';
import { levelProgressRows, markActiveDay, recentActiveDays } from '../quiz/data/learner.ts';
import { getProfile } from '../profile/data/profiles.ts';
import { eventHandler } from '../lib/instrument.ts';

const quizCompleted = envelopeSchema('QuizCompleted');
const achievementUnlocked = envelopeSchema('AchievementUnlocked');
const challengeFinished = envelopeSchema('ChallengeFinished');
const challengeSent = envelopeSchema('ChallengeSent');

/**
 * QuizCompleted, AchievementUnlocked, ChallengeSent and ChallengeFinished → feed items for the actor and
 * the actor's friends (the feed's activity types, docs/social.md). Streak milestones and level-ups are
 * derived here from QuizCompleted with the same pure rules the streak and progress
 * consumers use, rather than as events of their own: no other consumer needs them yet, and
 * this keeps the feed independent of the order in which the bus delivers to consumers.
 * Idempotent: item keys come from the event, and one-off facts are claimed once.
 */
export const handler = eventHandler(async (event: EventBridgeEvent<string, unknown>): Promise<void> => {
  if (event['detail-type'] === 'QuizCompleted') return onQuizCompleted(quizCompleted.parse(event).detail);
  if (event['detail-type'] === 'AchievementUnlocked') return onAchievement(achievementUnlocked.parse(event).detail);
  if (event['detail-type'] === 'ChallengeSent') return onChallengeSent(challengeSent.parse(event).detail);
  if (event['detail-type'] === 'ChallengeFinished') return onChallengeFinished(challengeFinished.parse(event).detail);
});

/** Writes the activity into each reader's feed, then tells those readers' open feeds. */
async function post(activity: Activity, readerIds: readonly string[]): Promise<void> {
  await fanOut(activity, readerIds);
  await pushChange(CHANGE_TYPES.feed, activity.actorId, readerIds);
}

async function audienceOf(userId: string): Promise<{ email: string; readers: string[] } | undefined> {
  const [profile, friends] = await Promise.all([getProfile(userId), friendshipsOf(userId)]);
  return profile && { email: profile.email, readers: [userId, ...friends.map((f) => f.friendId)] };
}

async function onQuizCompleted(quiz: EventDetail<'QuizCompleted'>): Promise<void> {
  const audience = await audienceOf(quiz.userId);
  if (!audience) return; // the account is gone
  const postOwn = (activity: Omit<Activity, 'actorId' | 'actorEmail'>) => post({ ...activity, actorId: quiz.userId, actorEmail: audience.email }, audience.readers);
  const { subject, level } = quiz;
  await postOwn({ key: `quiz#${quiz.attemptId}`, type: 'quiz_completed', at: quiz.completedAt, data: { subject, level, score: quiz.score, total_questions: quiz.total, points: quiz.points, mode: quiz.mode } });

  // The day is marked as the streak consumer marks it (the same put), so the count is right whichever runs first.
  const day = localDate(new Date(quiz.completedAt), quiz.timeZone);
  await markActiveDay(quiz.userId, day);
  const days = await recentActiveDays(quiz.userId);
  const streak = streakOn(days, day);
  if (days[0] === day && isStreakMilestone(streak)) {
    await onceFor(quiz.userId, `streak#${day}`, () => postOwn({ key: `streak#${day}`, type: 'streak_milestone', at: quiz.completedAt, data: { days: streak } }), 8 * DAY_MS);
  }

  // A level is mastered at 100 % level progress (docs/social.md); announced once per level.
  const row = (await levelProgressRows(quiz.userId)).find((r) => r.subject === subject && r.level === level);
  if (row && levelProgress({ quizzes: row.quizzes, averageScore: row.quizzes ? row.score_sum / row.quizzes : 0 }) === 100) {
    await onceFor(quiz.userId, `level#${subject}#${level}`, () => postOwn({ key: `level#${subject}#${level}`, type: 'level_up', at: quiz.completedAt, data: { subject, level } }));
  }
}

async function onAchievement(unlocked: EventDetail<'AchievementUnlocked'>): Promise<void> {
  const audience = await audienceOf(unlocked.userId);
  if (!audience) return;
  const title = ACHIEVEMENTS.find((a) => a.id === unlocked.achievementId)?.title ?? unlocked.achievementId;
  await post(
    {
      key: `ach#${unlocked.achievementId}`,
      actorId: unlocked.userId,
      actorEmail: audience.email,
      type: 'achievement_unlocked',
      at: unlocked.unlockedAt,
      data: { achievement_id: clip(unlocked.achievementId), achievement_name: clip(title) },
    },
    audience.readers,
  );
}

async function onChallengeSent(sent: EventDetail<'ChallengeSent'>): Promise<void> {
  const [actor, challenged] = await Promise.all([audienceOf(sent.challengerId), getProfile(sent.challengedId)]);
  if (!actor || !challenged) return;
  await post(
    {
      key: `challenge-sent#${sent.challengeId}`,
      actorId: sent.challengerId,
      actorEmail: actor.email,
      aboutId: sent.challengedId,
      type: 'challenge_sent',
      at: sent.createdAt,
      data: { subject: sent.subject, level: sent.level, total_questions: sent.questionCount, opponent_email: clip(challenged.email) },
    },
    actor.readers,
  );
}

/**
 * One item per challenge, told by the winner (the challenger on a tie) to their friends, the
 * other player among them; the feed shows friends' items only (docs/social.md), so the other
 * player's friends would never see it.
 */
async function onChallengeFinished(finished: EventDetail<'ChallengeFinished'>): Promise<void> {
  const challengerTells = finished.winnerId !== finished.challengedId;
  const [actorId, otherId] = challengerTells ? [finished.challengerId, finished.challengedId] : [finished.challengedId, finished.challengerId];
  const score = challengerTells ? finished.challengerScore : finished.challengedScore;
  const [actor, other] = await Promise.all([audienceOf(actorId), getProfile(otherId)]);
  if (!actor || !other) return;
  await post(
    {
      key: `challenge#${finished.challengeId}`,
      actorId,
      actorEmail: actor.email,
      aboutId: otherId,
      type: 'challenge_completed',
      at: finished.completedAt,
      data: {
        subject: finished.subject,
        level: finished.level,
        score: score.score,
        total_questions: score.total,
        result: finished.winnerId === null ? 'tie' : 'won',
        opponent_email: clip(other.email),
      },
    },
    [...actor.readers, otherId],
  );
}
