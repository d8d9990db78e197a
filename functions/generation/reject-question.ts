/** POST /api/generation/questions/{questionId}/reject (admin). */
export { reject as handler } from './review-question.ts';
