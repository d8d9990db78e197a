/** POST /api/generation/guides/{guideId}/reject (admin). */
export { reject as handler } from './review-guide.ts';
