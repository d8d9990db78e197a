import * as z from 'zod';
import { LEVELS, SUBJECTS } from '../constants.ts';
import { LEARNING_STYLES, learningStyleSchema, studyGoalSchema } from './learning.ts';

/** The learning area's answers: Smart Learning, the learning-style result and study goals. */

const subject = z.enum(SUBJECTS);
const level = z.enum(LEVELS);
const topic = z.object({ subject, topic: z.string(), correct: z.number(), total: z.number(), accuracy: z.number() });

/** GET /api/learning/adaptive: Smart Learning from the player's attempts and topic tallies. */
export const adaptiveSchema = z.object({
  learningPath: z.object({ currentSubject: subject, currentLevel: level, quizzes: z.number(), nextMilestone: z.number(), progress: z.number() }).nullable(),
  recommendations: z.array(z.object({ subject, currentLevel: level, recommendedLevel: level, move: z.enum(['up', 'down', 'stay']), recentAverage: z.number().nullable(), attempts: z.number() })),
  subjectAccuracy: z.array(z.object({ subject, quizzes: z.number(), accuracy: z.number(), colour: z.enum(['green', 'yellow', 'red']).nullable() })),
  strongTopics: z.array(topic),
  weakTopics: z.array(topic),
  learningStyle: z.enum(LEARNING_STYLES).nullable(),
});
export type AdaptiveData = z.infer<typeof adaptiveSchema>;

/** GET and PUT /api/learning/style: the saved assessment result (null before the first). */
export const learningStyleResultSchema = z.object({ result: learningStyleSchema.nullable() });

/** GET /api/study-goals: the caller's goals. */
export const goalListSchema = z.object({ goals: z.array(studyGoalSchema) });
/** One goal created, stepped on, or made from a video. */
export const goalResponseSchema = z.object({ goal: studyGoalSchema });
