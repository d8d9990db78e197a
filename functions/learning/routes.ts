import { adaptiveSchema, goalListSchema, goalResponseSchema, learningStyleResultSchema } from '#shared/learning/api.ts';
import { goalIdSchema } from '#shared/learning/learning.ts';
import type { RouteDefinition } from '../route-definition.ts';

/**
 * Smart Learning (premium adaptive_learning), the learning-style assessment and study goals
 * (premium custom_study_plans): docs/learning.md. Students (and admins) only.
 */
export const LEARNING_ROUTES = [
  { method: 'GET', path: '/api/learning/adaptive', name: 'GetAdaptiveLearning', entry: 'functions/learning/get-adaptive.ts', auth: 'jwt', response: adaptiveSchema },
  { method: 'GET', path: '/api/learning/style', name: 'GetLearningStyle', entry: 'functions/learning/get-learning-style.ts', auth: 'jwt', response: learningStyleResultSchema },
  { method: 'PUT', path: '/api/learning/style', name: 'SaveLearningStyle', entry: 'functions/learning/save-learning-style.ts', auth: 'jwt', response: learningStyleResultSchema },
  { method: 'GET', path: '/api/study-goals', name: 'ListStudyGoals', entry: 'functions/learning/list-goals.ts', auth: 'jwt', response: goalListSchema },
  { method: 'POST', path: '/api/study-goals', name: 'CreateStudyGoal', entry: 'functions/learning/create-goal.ts', auth: 'jwt', response: goalResponseSchema },
  { method: 'POST', path: '/api/study-goals/{goalId}/progress', name: 'StepStudyGoal', entry: 'functions/learning/step-goal.ts', auth: 'jwt', response: goalResponseSchema, params: { goalId: goalIdSchema } },
  { method: 'DELETE', path: '/api/study-goals/{goalId}', name: 'DeleteStudyGoal', entry: 'functions/learning/delete-goal.ts', auth: 'jwt', response: 'no-content', params: { goalId: goalIdSchema } },
] as const satisfies readonly RouteDefinition[];
