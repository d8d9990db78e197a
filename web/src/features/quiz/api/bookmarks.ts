import { bookmarkResponseSchema } from '#shared/quiz/contracts.ts';
import { api, type ApiClient } from '@/lib/api-client.ts';

/** Bookmarks a question or removes its bookmark; 403 limit_reached for a free user at the limit. */
export const toggleBookmark = (questionId: string, client: ApiClient = api) =>
  client.request('/api/bookmarks/toggle', { method: 'POST', body: { questionId }, auth: true, schema: bookmarkResponseSchema });
