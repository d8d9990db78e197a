import type { RouteDefinition } from '../route-definition.ts';

/**
 * Smart Learning (premium adaptive_learning), the learning-style assessment and study goals
 * (premium custom_study_plans): docs/learning.md. Students (and admins) only.
 */
export const LEARNING_ROUTES = [
  { method: 'GET', path: '/api/learning/adaptive', name: 'GetAdaptiveLearning', entry: 'functions/learning/get-adaptive.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/learning/style', name: 'GetLearningStyle', entry: 'functions/learning/get-learning-style.ts', auth: 'jwt' },
  { method: 'PUT', path: '/api/learning/style', name: 'SaveLearningStyle', entry: 'functions/learning/save-learning-style.ts', auth: 'jwt' },
  { method: 'GET', path: '/api/study-goals', name: 'ListStudyGoals', entry: 'functions/learning/list-goals.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/study-goals', name: 'CreateStudyGoal', entry: 'functions/learning/create-goal.ts', auth: 'jwt' },
  { method: 'POST', path: '/api/study-goals/{goalId}/progress', name: 'StepStudyGoal', entry: 'functions/learning/step-goal.ts', auth: 'jwt' },
  { method: 'DELETE', path: '/api/study-goals/{goalId}', name: 'DeleteStudyGoal', entry: 'functions/learning/delete-goal.ts', auth: 'jwt' },
] as const satisfies readonly RouteDefinition[];
