import { goalResponseSchema } from '#shared/learning/api.ts';
import { randomUUID } from 'node:crypto';
import { DAY_MS, utcDate } from '#shared/dates.ts';
import { canUse } from '#shared/entitlements.ts';
import { studyPlanRequestSchema, topicLabel, VIDEO_MESSAGES } from '#shared/explanations/explanations.ts';
import { GOAL_LIMITS, GOAL_MESSAGES, type StudyGoal } from '#shared/learning/learning.ts';
import { addGoal } from '../learning/data/learning.ts';
import { getVideo } from './data/videos.ts';
import { Conflict, Forbidden, NotFound } from '../lib/errors.ts';
import { httpHandler, parseBody, respond } from '../lib/http.ts';
import { requireVideoCaller, videoIdParam } from './access.ts';

/**
 * POST /api/videos/{videoId}/study-plan {title}: Add to Study Plan. A study goal of the study
 * plans feature (the same item, limits and defaults as POST /api/study-goals: 30 days ahead,
 * 30 minutes a day, 5 quizzes a week) for the video's subject and level, describing the video
 * and its topics (docs/ai.md: a plan used for videos holds the videos and topics).
 */
export const handler = httpHandler(async (event) => {
  const { title } = parseBody(event, studyPlanRequestSchema);
  const me = await requireVideoCaller(event);
  if (!canUse(me, 'custom_study_plans', new Date())) throw new Forbidden(GOAL_MESSAGES.premiumRequired, 'premium_required');
  const video = await getVideo(me.user_id, videoIdParam(event));
  if (!video) throw new NotFound(VIDEO_MESSAGES.notFound);
  const topics = [topicLabel(video.topic), ...video.explanation.relatedTopics.filter((t) => t !== topicLabel(video.topic))].slice(0, 4);
  const description = `Video: ${video.question} (answer: ${video.correctAnswer}). Topics: ${topics.join(', ')}.`.slice(0, GOAL_LIMITS.descriptionMax);
  const now = new Date();
  const goal: StudyGoal = {
    id: randomUUID(),
    title,
    description,
    target_date: utcDate(now.getTime() + GOAL_LIMITS.defaultDaysAhead * DAY_MS),
    daily_minutes: GOAL_LIMITS.minutesDefault,
    weekly_quizzes: GOAL_LIMITS.quizzesDefault,
    subject: video.subject,
    level: video.level,
    progress: 0,
    completed: false,
    created_at: now.toISOString(),
  };
  // The same conditional count as POST /api/study-goals: simultaneous clicks cannot pass 20.
  const outcome = await addGoal(me.user_id, goal, GOAL_LIMITS.goalsMax);
  if (outcome === 'limit') throw new Conflict(GOAL_MESSAGES.tooMany, 'too_many_goals');
  if (outcome === 'busy') throw new Conflict(GOAL_MESSAGES.busy, 'busy');
  return respond(goalResponseSchema, { goal }, 201);
});
