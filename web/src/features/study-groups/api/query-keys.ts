import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The study groups feature's query keys. */
export const groupsKeys = {
  all: [QUERY_ROOTS.groups] as const,
  mine: () => [QUERY_ROOTS.groups, 'mine'] as const,
  search: (query: string) => [QUERY_ROOTS.groups, 'search', query] as const,
  detail: (id: string) => [QUERY_ROOTS.groups, 'detail', id] as const,
  messages: (id: string) => [QUERY_ROOTS.groups, 'messages', id] as const,
  stats: (id: string) => [QUERY_ROOTS.groups, 'stats', id] as const,
};
