import type { GuideQuery } from '#shared/guides/study-guides.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The study guides feature's query keys. */
export const guidesKeys = {
  all: [QUERY_ROOTS.guides] as const,
  list: (query: GuideQuery) => [QUERY_ROOTS.guides, 'list', query.q.toLowerCase(), query.subject, query.level] as const,
  detail: (id: string) => [QUERY_ROOTS.guides, 'detail', id] as const,
};
