import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The session's query keys. Other features invalidate the profile by its root, QUERY_ROOTS.me. */
export const sessionKeys = {
  all: [QUERY_ROOTS.me] as const,
  /** One account's profile: a different account never reads another's entry. */
  profile: (userId: string | null) => [QUERY_ROOTS.me, userId] as const,
};
