import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** Live tournaments' query keys: the list, and one match's state per tournament. */
export const tournamentKeys = {
  all: [QUERY_ROOTS.tournaments] as const,
  list: () => [QUERY_ROOTS.tournaments, 'list'] as const,
  match: (id: string) => [QUERY_ROOTS.tournaments, 'match', id] as const,
};
