import { useQuery } from '@tanstack/react-query';
import * as z from 'zod';
import { LEARNING_STYLES } from '#shared/learning/learning.ts';
import { LEVELS, SUBJECTS } from '#shared/constants.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

const subject = z.enum(SUBJECTS);
const level = z.enum(LEVELS);
const topic = z.object({ subject, topic: z.string(), correct: z.number(), total: z.number(), accuracy: z.number() });

export const adaptiveSchema = z.object({
  learningPath: z.object({ currentSubject: subject, currentLevel: level, quizzes: z.number(), nextMilestone: z.number(), progress: z.number() }).nullable(),
  recommendations: z.array(z.object({ subject, currentLevel: level, recommendedLevel: level, move: z.enum(['up', 'down', 'stay']), recentAverage: z.number().nullable(), attempts: z.number() })),
  subjectAccuracy: z.array(z.object({ subject, quizzes: z.number(), accuracy: z.number(), colour: z.enum(['green', 'yellow', 'red']).nullable() })),
  strongTopics: z.array(topic),
  weakTopics: z.array(topic),
  learningStyle: z.enum(LEARNING_STYLES).nullable(),
});
export type AdaptiveData = z.infer<typeof adaptiveSchema>;

/** GET /api/learning/adaptive: Smart Learning from the player's attempts and topic tallies. */
export function useAdaptive() {
  return useQuery({ queryKey: [QUERY_ROOTS.learning, 'adaptive'], queryFn: ({ signal }) => api.request('/api/learning/adaptive', { auth: true, schema: adaptiveSchema, signal }) });
}
