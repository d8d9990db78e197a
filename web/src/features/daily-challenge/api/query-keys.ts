import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The daily challenge feature's query keys; finishing the challenge invalidates the whole root. */
export const dailyKeys = {
  all: [QUERY_ROOTS.daily] as const,
  today: (timeZone: string) => [QUERY_ROOTS.daily, 'today', timeZone] as const,
  challenge: (id: string) => [QUERY_ROOTS.daily, 'challenge', id] as const,
};
