import { factCheckResponseSchema, generatedQuestionIdSchema, generateGuideResponseSchema, generateQuestionsResponseSchema, guideReviewQueueSchema, guideReviewResponseSchema, reviewQueueSchema, reviewResponseSchema } from '#shared/generation/generation.ts';
import { guideIdSchema } from '#shared/guides/study-guides.ts';
import type { RouteDefinition } from '../route-definition.ts';

/**
 * Admin AI generation (docs/ai.md; admin only; the calls generate-questions,
 * generate-study-guide, fact-check-guide): questions go to a review queue, approved ones into
 * the bank; study guides written from the knowledge base; fact checks. Every handler checks
 * the stored role and records the change in the audit log.
 */
export const GENERATION_ROUTES = [
  { method: 'POST', path: '/api/generation/questions', name: 'GenerateQuestions', entry: 'functions/generation/generate-questions.ts', auth: 'jwt', response: generateQuestionsResponseSchema },
  { method: 'GET', path: '/api/generation/questions', name: 'ListGeneratedQuestions', entry: 'functions/generation/list-questions.ts', auth: 'jwt', response: reviewQueueSchema },
  { method: 'POST', path: '/api/generation/questions/{questionId}/approve', name: 'ApproveGeneratedQuestion', entry: 'functions/generation/approve-question.ts', auth: 'jwt', response: reviewResponseSchema, params: { questionId: generatedQuestionIdSchema } },
  { method: 'POST', path: '/api/generation/questions/{questionId}/reject', name: 'RejectGeneratedQuestion', entry: 'functions/generation/reject-question.ts', auth: 'jwt', response: reviewResponseSchema, params: { questionId: generatedQuestionIdSchema } },
  { method: 'POST', path: '/api/generation/guides', name: 'GenerateStudyGuide', entry: 'functions/generation/generate-guide.ts', auth: 'jwt', response: generateGuideResponseSchema },
  // Generated guides wait for review like questions.
  { method: 'GET', path: '/api/generation/guides', name: 'ListGeneratedGuides', entry: 'functions/generation/list-guides-for-review.ts', auth: 'jwt', response: guideReviewQueueSchema },
  { method: 'POST', path: '/api/generation/guides/{guideId}/approve', name: 'ApproveGeneratedGuide', entry: 'functions/generation/approve-guide.ts', auth: 'jwt', response: guideReviewResponseSchema, params: { guideId: guideIdSchema } },
  { method: 'POST', path: '/api/generation/guides/{guideId}/reject', name: 'RejectGeneratedGuide', entry: 'functions/generation/reject-guide.ts', auth: 'jwt', response: guideReviewResponseSchema, params: { guideId: guideIdSchema } },
  { method: 'POST', path: '/api/generation/guides/{guideId}/fact-check', name: 'FactCheckGuide', entry: 'functions/generation/fact-check-guide.ts', auth: 'jwt', response: factCheckResponseSchema, params: { guideId: guideIdSchema } },
] as const satisfies readonly RouteDefinition[];
