import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The quiz feature's query keys. Its mutations invalidate progress and analytics by root (AFTER_ROUND). */
export const quizKeys = {
  /** A finished round's review never changes: cached for as long as it is kept. */
  review: (roundId: string) => [QUERY_ROOTS.review, roundId] as const,
};
