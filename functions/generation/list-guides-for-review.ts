/** GET /api/generation/guides?status=pending (admin). */
export { list as handler } from './review-guide.ts';
