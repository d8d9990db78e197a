import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod';
import { goalListSchema, goalResponseSchema } from '#shared/learning/api.ts';
import type { createGoalSchema, StudyGoal } from '#shared/learning/learning.ts';
import { api } from '@/lib/api-client.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

const goalsKey = [QUERY_ROOTS.learning, 'goals'] as const;

/** GET /api/study-goals: my goals, newest first. */
export function useStudyGoals() {
  return useQuery({ queryKey: goalsKey, queryFn: ({ signal }) => api.request('/api/study-goals', { auth: true, schema: goalListSchema, signal }) });
}

function useGoalsMutation<I>(run: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSettled: () => client.invalidateQueries({ queryKey: goalsKey }) });
}

export const useCreateGoal = () =>
  useGoalsMutation((input: z.output<typeof createGoalSchema>) => api.request('/api/study-goals', { method: 'POST', body: input, auth: true, schema: goalResponseSchema }));

/** Update Progress: +10 (max 100). */
export const useStepGoal = () =>
  useGoalsMutation((goal: StudyGoal) => api.request(`/api/study-goals/${encodeURIComponent(goal.id)}/progress`, { method: 'POST', auth: true, schema: goalResponseSchema }));

export const useDeleteGoal = () => useGoalsMutation((goal: StudyGoal) => api.request(`/api/study-goals/${encodeURIComponent(goal.id)}`, { method: 'DELETE', auth: true }));
