import { adaptiveSchema } from '#shared/learning/api.ts';
import { adaptiveView, GOAL_MESSAGES, type AttemptRow, type TopicTally } from '#shared/learning/learning.ts';
import { recentAttempts } from '../quiz/data/learner.ts';
import { queryPrefix } from '../data/user-rows.ts';
import { getLearningStyle } from './data/learning.ts';
import { httpHandler, respond } from '../lib/http.ts';
import { requirePremiumLearner } from './access.ts';

/** How many of the newest attempts the view reads (a subject's current level and its last 5 count). */
const ATTEMPTS_READ = 100;

/**
 * GET /api/learning/adaptive: Smart Learning from the caller's real attempts and topic tallies
 * (premium adaptive_learning): learning path, recommended level per subject, strong and weak
 * topics, subject accuracy, and the saved learning style.
 */
export const handler = httpHandler(async (event) => {
  const me = await requirePremiumLearner(event, 'adaptive_learning', GOAL_MESSAGES.adaptivePremium);
  const [attemptItems, topicItems, style] = await Promise.all([recentAttempts(me.user_id, ATTEMPTS_READ), queryPrefix(me.user_id, 'TOPIC#'), getLearningStyle(me.user_id)]);
  const attempts: AttemptRow[] = attemptItems.map((a) => ({
    subject: a.subject as AttemptRow['subject'],
    level: a.level as AttemptRow['level'],
    score: Number(a.score),
    total: Number(a.total_questions),
    completedAt: String(a.completed_at),
  }));
  const topics: TopicTally[] = topicItems.map((item) => {
    const [, subject, ...topic] = String(item.sk).split('#');
    return { subject: subject as TopicTally['subject'], topic: topic.join('#'), correct: Number(item.correct ?? 0), total: Number(item.total ?? 0) };
  });
  return respond(adaptiveSchema, { ...adaptiveView(attempts, topics), learningStyle: style?.learning_style ?? null });
});
