import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The progress feature's query keys. A finished round invalidates them by root (AFTER_ROUND). */
export const progressKeys = {
  all: [QUERY_ROOTS.progress] as const,
  /** "Today" (streak, rounds left) is counted in the viewer's zone. */
  summary: (timeZone: string) => [QUERY_ROOTS.progress, timeZone] as const,
};
