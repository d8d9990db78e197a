import type { Role } from '#shared/constants.ts';
import { QUERY_ROOTS } from '@/lib/query/query-roots.ts';

/** The admin console's query keys; every admin change invalidates the whole root. */
export const adminKeys = {
  all: [QUERY_ROOTS.admin] as const,
  overview: () => [QUERY_ROOTS.admin, 'overview'] as const,
  health: () => [QUERY_ROOTS.admin, 'health'] as const,
  users: (role: Role, search: string) => [QUERY_ROOTS.admin, 'users', role, search] as const,
  auditLog: () => [QUERY_ROOTS.admin, 'audit-log'] as const,
};
