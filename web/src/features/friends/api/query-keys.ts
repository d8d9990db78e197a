import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The friends feature's query keys. A finished round invalidates challenges by root (AFTER_ROUND). */
export const friendsKeys = {
  all: [QUERY_ROOTS.friends] as const,
  list: () => [QUERY_ROOTS.friends, 'list'] as const,
  search: (query: string) => [QUERY_ROOTS.friends, 'search', query] as const,
  challenges: () => [QUERY_ROOTS.challenges] as const,
};
