/** POST /api/generation/guides/{guideId}/approve (admin). */
export { approve as handler } from './review-guide.ts';
