/** POST /api/generation/questions/{questionId}/approve (admin). */
export { approve as handler } from './review-question.ts';
