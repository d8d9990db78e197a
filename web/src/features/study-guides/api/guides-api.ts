import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { guideDetailSchema, guideListSchema, type GuideQuery } from '#shared/guides/study-guides.ts';
import { api } from '@/lib/api-client.ts';
import { guidesKeys } from './query-keys.ts';

/** GET /api/guides?q=&subject=&level=: the guides, locked ones as title and summary only; `query.q` is already debounced. */
export function useGuideList(query: GuideQuery) {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.subject !== 'all') params.set('subject', query.subject);
  if (query.level !== 'all') params.set('level', query.level);
  const search = params.toString();
  return useQuery({
    queryKey: guidesKeys.list(query),
    queryFn: ({ signal }) => api.request(`/api/guides${search ? `?${search}` : ''}`, { auth: true, schema: guideListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/guides/{id}: a guide the caller may read (the server refuses the others with 403). */
export function useGuide(id: string | null) {
  return useQuery({
    queryKey: guidesKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.request(`/api/guides/${encodeURIComponent(id!)}`, { auth: true, schema: guideDetailSchema, signal }),
    enabled: id !== null,
  });
}
